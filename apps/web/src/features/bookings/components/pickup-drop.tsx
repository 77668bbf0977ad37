import { RouteText } from '@/components/ride-summary';
import { formatTime } from '@/lib/format';
import type { Booking } from '@saathchalo/shared';

/**
 * "Pickup → drop: Mandya, 9:10 AM → Mysuru, 10:00 AM": the part of the route a booking holds seats on
 * (CONTRACT section 7), shown when it is not the whole ride.
 */
export function PickupDrop({ booking }: { booking: Pick<Booking, 'pickup' | 'drop' | 'ride'> }) {
  const { pickup, drop } = booking;
  // Older answers (a server without section 7) have none.
  if (!pickup || !drop || (pickup.place === booking.ride.from && drop.place === booking.ride.to)) return null;
  return (
    <p className="mt-1 text-sm text-slate-800" data-testid="pickup-drop">
      <span className="font-medium">Pickup → drop:</span>{' '}
      <RouteText
        from={`${pickup.place}, ${formatTime(pickup.time)}`}
        to={`${drop.place}, ${formatTime(drop.time)}`}
      />
    </p>
  );
}
