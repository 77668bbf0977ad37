import { RouteText } from '@/components/ride-summary';
import { formatDate, formatTime } from '@/lib/format';
import type { Booking, PlaceAt } from '@saathchalo/shared';

/**
 * "Mandya, 9:10 am", with the day when it is not the ride's: a stop after midnight on a late ride is
 * reached the next day, and the hour alone sends the passenger there a day early.
 */
export const pointText = (booking: Pick<Booking, 'ride'>, p: PlaceAt) =>
  `${p.place}, ${p.date === booking.ride.departureDate ? '' : `${formatDate(p.date)}, `}${formatTime(p.time)}`;

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
      <RouteText from={pointText(booking, pickup)} to={pointText(booking, drop)} />
    </p>
  );
}
