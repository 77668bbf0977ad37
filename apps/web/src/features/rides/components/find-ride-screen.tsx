import { Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { BookRideDialog } from '@/features/bookings';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { SEATS_MAX, SEATS_MIN, type Ride } from '@saathchalo/shared';
import { useSearchRides, type SearchParams } from '../api/search-rides';
import { refusalOr } from '@/lib/refusal';
import { RideResultCard } from './ride-result-card';
import { SearchForm } from './search-form';

/** The submitted search lives in the address, so Back and a reload keep the results. */
function readParams(sp: URLSearchParams): SearchParams | null {
  const from = sp.get('from')?.trim();
  const to = sp.get('to')?.trim();
  const date = sp.get('date')?.trim();
  if (!from || !to || !date) return null;
  const n = Number(sp.get('passengers'));
  const passengers = Number.isInteger(n) && n >= SEATS_MIN && n <= SEATS_MAX ? n : 1;
  return { from, to, date, passengers };
}

export function searchErrorMessage(err: Error): string {
  return err instanceof ApiError
    ? refusalOr(err, 'Failed to search rides')
    : 'An error occurred while searching for rides';
}

export function FindRideScreen() {
  const session = useSession();
  const [sp, setSp] = useSearchParams();
  const params = useMemo(() => readParams(sp), [sp]);
  const search = useSearchRides(params);
  const [booking, setBooking] = useState<Ride | null>(null);
  const rides = search.data ?? [];

  const onSearch = (p: SearchParams) => {
    setSp({ from: p.from, to: p.to, date: p.date, passengers: String(p.passengers) });
    if (
      params &&
      p.from === params.from &&
      p.to === params.to &&
      p.date === params.date &&
      p.passengers === params.passengers
    ) {
      void search.refetch();
    }
  };

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Find a Ride</h1>
      <p className="mt-1 text-slate-700">Search for rides going your way.</p>
      <div className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
        <SearchForm initial={params} onSearch={onSearch} busy={search.isFetching} />
      </div>

      {params ? (
        <section aria-labelledby="results-heading" className="mt-8">
          {search.isPending ? (
            <div className="flex justify-center p-6">
              <Spinner label="Searching rides" />
            </div>
          ) : search.isError ? (
            <Alert className="flex flex-wrap items-center justify-between gap-3">
              <span>{searchErrorMessage(search.error)}</span>
              <Button size="sm" variant="outline" onClick={() => void search.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : null}
          {search.isSuccess ? (
            <>
              <h2 id="results-heading" className="text-lg font-semibold text-slate-900" aria-live="polite">
                {rides.length} {rides.length === 1 ? 'ride' : 'rides'} found
              </h2>
              {rides.length === 0 ? (
                <p className="mt-2 text-slate-700">
                  No rides match your search. Try another date or nearby places.
                </p>
              ) : (
                <ul className="mt-4 space-y-4">
                  {rides.map((ride) => (
                    <RideResultCard
                      key={ride.id}
                      ride={ride}
                      own={ride.isOwnRide === true || ride.driver.id === session?.id}
                      onBook={setBooking}
                    />
                  ))}
                </ul>
              )}
            </>
          ) : (
            <h2 id="results-heading" className="sr-only">
              Results
            </h2>
          )}
        </section>
      ) : null}

      {booking ? (
        <Suspense fallback={null}>
          <BookRideDialog ride={booking} seats={params?.passengers ?? 1} onClose={() => setBooking(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
