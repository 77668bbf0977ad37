import { ChevronDown, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { Booking } from '@saathchalo/shared';
import { BookingCard } from './booking-card';
import { EmptyState } from '@/components/ui/empty-state';

interface Props {
  open: Booking[];
  cancelled: Booking[];
  isBusy(id: string): boolean;
  isRated(rideId: string, rateeId: string): boolean;
  onView(b: Booking): void;
  onCancel(b: Booking): void;
  onRate(b: Booking): void;
}

/**
 * The passenger's bookings. A cancelled booking leaves the list (specification section 4); the server keeps
 * it as history, so cancelled ones (also those a driver rejected) wait behind a disclosure instead.
 */
export function MyBookingsPanel({ open, cancelled, isBusy, isRated, onView, onCancel, onRate }: Props) {
  const [showCancelled, setShowCancelled] = useState(false);
  const listId = useId();
  const card = (b: Booking) => (
    <BookingCard
      key={b.id}
      booking={b}
      busy={isBusy(b.id)}
      rated={isRated(b.rideId, b.driverId)}
      onView={() => onView(b)}
      onCancel={() => onCancel(b)}
      onRate={() => onRate(b)}
    />
  );
  return (
    <>
      {open.length === 0 ? (
        <EmptyState
          icon={<Search className="h-10 w-10" />}
          title="No bookings yet"
          text="Find a ride going your way and book a seat."
          action={<ButtonLink to={paths.findRide}>Find a Ride</ButtonLink>}
        />
      ) : (
        <ul className="space-y-4">{open.map(card)}</ul>
      )}
      {cancelled.length > 0 ? (
        <div className="mt-6">
          <button
            type="button"
            aria-expanded={showCancelled}
            aria-controls={listId}
            onClick={() => setShowCancelled((v) => !v)}
            className="inline-flex items-center gap-1 rounded-md px-1 py-1 text-sm font-medium text-slate-700 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            <ChevronDown aria-hidden="true" className={showCancelled ? 'h-4 w-4 rotate-180' : 'h-4 w-4'} />
            {showCancelled ? 'Hide' : 'Show'} cancelled bookings ({cancelled.length})
          </button>
          {showCancelled ? (
            <ul id={listId} className="mt-3 space-y-4 opacity-90">
              {cancelled.map(card)}
            </ul>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
