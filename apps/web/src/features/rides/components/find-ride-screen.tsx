import { Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { BookRideDialog, loadBookRideDialog } from '@/features/bookings';
import { useNetworkNotice } from '@/components/ui/confirm';
import { PublicProfileDialog } from '@/features/safety';
import { BookEveryRideDialog } from '@/features/commutes';
import { useSession } from '@/lib/session';
import { SEATS_MAX, SEATS_MIN, type Ride } from '@saathchalo/shared';
import { useSearchRides, type SearchParams } from '../api/search-rides';
import { SearchResults } from './search-results';
import { SearchForm } from './search-form';

/** The submitted search lives in the address, so Back and a reload keep the results. */
function readParams(sp: URLSearchParams): SearchParams | null {
  const from = sp.get('from')?.trim();
  const to = sp.get('to')?.trim();
  const date = sp.get('date')?.trim();
  if (!from || !to || !date) return null;
  const n = Number(sp.get('passengers'));
  const passengers = Number.isInteger(n) && n >= SEATS_MIN && n <= SEATS_MAX ? n : 1;
  return sp.get('womenOnly') === 'true'
    ? { from, to, date, passengers, womenOnly: true }
    : { from, to, date, passengers };
}

/**
 * The ride being booked. The dialog's code comes with the first tap; rendered before it was in, a failed
 * load (offline) took the screen down to "Something went wrong", whose Try again reloads: offline, not
 * even the app. So the dialog opens once its code is in; without it the results stay and the user is told.
 */
function useBookRideOpener() {
  const [ride, setRide] = useState<Ride | null>(null);
  const networkNotice = useNetworkNotice();
  const open = (next: Ride) => {
    loadBookRideDialog().then(() => {
      networkNotice.hide();
      setRide(next);
    }, networkNotice.show);
  };
  return { ride, open, close: () => setRide(null) };
}

export function FindRideScreen() {
  const session = useSession();
  const [sp, setSp] = useSearchParams();
  const params = useMemo(() => readParams(sp), [sp]);
  const search = useSearchRides(params);
  const book = useBookRideOpener();
  const [driver, setDriver] = useState<Ride['driver'] | null>(null);
  const [bookingEvery, setBookingEvery] = useState<Ride | null>(null);

  const onSearch = (p: SearchParams) => {
    setSp({
      from: p.from,
      to: p.to,
      date: p.date,
      passengers: String(p.passengers),
      ...(p.womenOnly ? { womenOnly: 'true' } : {}),
    });
    if (
      params &&
      p.from === params.from &&
      p.to === params.to &&
      p.date === params.date &&
      p.passengers === params.passengers &&
      Boolean(p.womenOnly) === Boolean(params.womenOnly)
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
        <SearchResults
          search={search}
          userId={session?.id}
          onBook={book.open}
          onBookEvery={setBookingEvery}
          onDriver={(ride) => setDriver(ride.driver)}
          searched={params}
        />
      ) : null}

      {book.ride ? (
        <Suspense fallback={null}>
          <BookRideDialog ride={book.ride} seats={params?.passengers ?? 1} onClose={book.close} />
        </Suspense>
      ) : null}
      {driver ? (
        <Suspense fallback={null}>
          <PublicProfileDialog userId={driver.id} name={driver.name} onClose={() => setDriver(null)} />
        </Suspense>
      ) : null}
      {bookingEvery ? (
        <Suspense fallback={null}>
          <BookEveryRideDialog
            ride={bookingEvery}
            seats={params?.passengers ?? 1}
            onClose={() => setBookingEvery(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
