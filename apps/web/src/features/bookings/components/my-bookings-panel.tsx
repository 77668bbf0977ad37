import { ChevronDown, Search } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import type { Booking } from '@saathchalo/shared';
import { StandingBookings } from '@/features/commutes';
import type { ActionReport } from '@/lib/run-action';
import { BookingCard } from './booking-card';
import { EmptyState } from '@/components/ui/empty-state';

interface Props {
  open: Booking[];
  cancelled: Booking[];
  isBusy(id: string): boolean;
  isRated(booking: Booking, rateeId: string): boolean;
  onView(b: Booking): void;
  onCancel(b: Booking): void;
  onRate(b: Booking): void;
  /** Where Stop booking tells its outcome. */
  out: ActionReport;
}

/** When the passenger boards: the pickup's date and time, else the ride's departure. */
const boardsAt = (b: Booking) =>
  `${b.pickup?.date ?? b.ride.departureDate} ${b.pickup?.time ?? b.ride.departureTime}`;

/**
 * Bookings on a commute's rides gather under their commute, soonest first (a standing booking books its
 * rides at one instant, so the server's newest-first order leaves them shuffled); the rest stay one by one,
 * in order.
 */
function byCommute(bookings: Booking[]) {
  const groups = new Map<string, Booking[]>();
  const single: Booking[] = [];
  for (const b of bookings) {
    const id = b.ride.commuteId;
    if (id) groups.set(id, [...(groups.get(id) ?? []), b]);
    else single.push(b);
  }
  const soonestFirst = (list: Booking[]) => list.sort((a, b) => boardsAt(a).localeCompare(boardsAt(b)));
  return { groups: [...groups].map(([id, list]) => [id, soonestFirst(list)] as const), single };
}

function OpenBookings({
  bookings,
  card,
  out,
}: {
  bookings: Booking[];
  card(b: Booking): ReactNode;
  out: ActionReport;
}) {
  const { groups, single } = byCommute(bookings);
  return (
    <ul className="space-y-4">
      {groups.map(([commuteId, list]) => (
        <StandingBookings key={commuteId} commuteId={commuteId} bookings={list} card={card} out={out} />
      ))}
      {single.map(card)}
    </ul>
  );
}

/**
 * The passenger's bookings. A cancelled booking leaves the list (specification section 4); the server keeps
 * it as history, so cancelled ones (also those a driver rejected) wait behind a disclosure instead.
 */
export function MyBookingsPanel({ open, cancelled, isBusy, isRated, onView, onCancel, onRate, out }: Props) {
  const [showCancelled, setShowCancelled] = useState(false);
  const listId = useId();
  const card = (b: Booking) => (
    <BookingCard
      key={b.id}
      booking={b}
      busy={isBusy(b.id)}
      rated={isRated(b, b.driverId)}
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
        <OpenBookings bookings={open} card={card} out={out} />
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
