import { RouteText } from '@/components/ride-summary';
import { timeOnDay } from '@/lib/format';
import type { Booking, PlaceAt } from '@saathchalo/shared';

/** "Mandya, 9:10 am", with the day when it is not the ride's (timeOnDay). */
export const pointText = (booking: Pick<Booking, 'ride'>, p: PlaceAt) =>
  `${p.place}, ${timeOnDay(p.date, p.time, booking.ride.departureDate)}`;

/**
 * Where the passenger boards and leaves, when it is not the ride's ends (CONTRACT section 7). Older
 * answers (a server without section 7) have neither.
 */
export function bookedPart({ pickup, drop, ride }: Pick<Booking, 'pickup' | 'drop' | 'ride'>) {
  if (!pickup || !drop || (pickup.place === ride.from && drop.place === ride.to)) return null;
  return { pickup, drop };
}

/**
 * "Pickup → drop: Mandya, 9:10 AM → Mysuru, 10:00 AM": the part of the route a booking holds seats on
 * (CONTRACT section 7), shown when it is not the whole ride.
 */
export function PickupDrop({ booking }: { booking: Pick<Booking, 'pickup' | 'drop' | 'ride'> }) {
  const part = bookedPart(booking);
  if (!part) return null;
  const { pickup, drop } = part;
  return (
    <p className="mt-1 text-sm text-slate-800" data-testid="pickup-drop">
      <span className="font-medium">Pickup → drop:</span>{' '}
      <RouteText from={pointText(booking, pickup)} to={pointText(booking, drop)} />
    </p>
  );
}
