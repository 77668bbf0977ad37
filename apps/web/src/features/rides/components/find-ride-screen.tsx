import { Suspense, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { BookRideDialog, loadBookRideDialog } from '@/features/bookings';
import { useDialogOpener } from '@/components/ui/use-dialog-opener';
import { loadPublicProfileDialog, PublicProfileDialog } from '@/features/safety';
import { BookEveryRideDialog, loadBookEveryRideDialog } from '@/features/commutes';
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

export function FindRideScreen() {
  const session = useSession();
  const [sp, setSp] = useSearchParams();
  const params = useMemo(() => readParams(sp), [sp]);
  const search = useSearchRides(params);
  // Each dialog opens once its code is in; offline the results stay and the network message shows.
  const book = useDialogOpener<Ride>(loadBookRideDialog);
  const driver = useDialogOpener<Ride['driver']>(loadPublicProfileDialog);
  const bookingEvery = useDialogOpener<Ride>(loadBookEveryRideDialog);

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
          onBook={(ride) => void book.open(ride)}
          onBookEvery={(ride) => void bookingEvery.open(ride)}
          onDriver={(ride) => void driver.open(ride.driver)}
          searched={params}
        />
      ) : null}

      {book.value ? (
        <Suspense fallback={null}>
          <BookRideDialog ride={book.value} seats={params?.passengers ?? 1} onClose={book.close} />
        </Suspense>
      ) : null}
      {driver.value ? (
        <Suspense fallback={null}>
          <PublicProfileDialog userId={driver.value.id} name={driver.value.name} onClose={driver.close} />
        </Suspense>
      ) : null}
      {bookingEvery.value ? (
        <Suspense fallback={null}>
          <BookEveryRideDialog
            ride={bookingEvery.value}
            seats={params?.passengers ?? 1}
            onClose={bookingEvery.close}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
