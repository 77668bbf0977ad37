import type { UseQueryResult } from '@tanstack/react-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { Ride } from '@saathchalo/shared';
import { searchErrorMessage } from '../utils/search-error';
import { RideResultCard } from './ride-result-card';
import type { Searched } from './segment-summary';

interface Props {
  search: UseQueryResult<Ride[]>;
  /** The signed-in user, whose own rides are marked instead of offered for booking. */
  userId: string | undefined;
  onBook(ride: Ride): void;
  onBookEvery(ride: Ride): void;
  onDriver?(ride: Ride): void;
  searched?: Searched | undefined;
}

/** The answer to a search: a spinner, the failure with Try again, or the count and the rides. */
export function SearchResults({ search, userId, onBook, onBookEvery, onDriver, searched }: Props) {
  const rides = search.data ?? [];
  return (
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
                  own={ride.isOwnRide === true || ride.driver.id === userId}
                  onBook={onBook}
                  onDriver={onDriver}
                  searched={searched}
                  onBookEvery={onBookEvery}
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
  );
}
