import type { Booking } from '@saathchalo/shared';
import { SafetyActions, ShareTripButton } from '@/features/safety';

/**
 * What a booking offers for safety: "Share trip" while it is confirmed, and Report / Block for the other
 * person (the driver for a passenger, the passenger for a driver).
 */
export function BookingSafety({ booking, other }: { booking: Booking; other: { id: string; name: string } }) {
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-2">
      {booking.status === 'CONFIRMED' ? <ShareTripButton bookingId={booking.id} /> : null}
      {other.id ? <SafetyActions userId={other.id} name={other.name} /> : null}
    </div>
  );
}
