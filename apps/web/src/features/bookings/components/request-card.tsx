import { Button } from '@/components/ui/button';
import type { Booking } from '@saathchalo/shared';
import { cancelReasonText } from '@/features/commutes';
import { passengerName } from '../utils/passenger-name';
import { BookingTrip, ChatButton } from './booking-card';
import { BookingSafety } from './booking-safety';

interface Props {
  booking: Booking;
  busy: boolean;
  rated: boolean;
  onView(): void;
  onConfirm(): void;
  onReject(): void;
  onRate(): void;
}

/** The driver's view of a booking on one of their rides: view, confirm, reject, contact, rate. */
export function RequestCard({ booking, busy, rated, onView, onConfirm, onReject, onRate }: Props) {
  const titleId = `request-${booking.id}`;
  const name = passengerName(booking);
  // A CANCELLED request alone does not say whether the passenger withdrew, it lapsed unanswered, or the
  // driver declined it (CONTRACT section 8): the passenger's own card says, so does this one.
  const reason = cancelReasonText(booking);
  return (
    <li
      aria-labelledby={titleId}
      aria-busy={busy}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <BookingTrip booking={booking} titleId={titleId} title={name} />
      {booking.pickupLocation || booking.dropLocation ? (
        <p className="mt-1 text-sm text-slate-700">
          {booking.pickupLocation ? `Pickup: ${booking.pickupLocation}` : ''}
          {booking.pickupLocation && booking.dropLocation ? ' · ' : ''}
          {booking.dropLocation ? `Drop: ${booking.dropLocation}` : ''}
        </p>
      ) : null}
      {reason ? <p className="mt-1 text-sm font-medium text-red-800">{reason}</p> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onView} aria-describedby={titleId}>
          View
        </Button>
        {booking.status === 'PENDING' ? (
          <>
            <Button size="sm" onClick={onConfirm} disabled={busy} aria-describedby={titleId}>
              Confirm
            </Button>
            <Button size="sm" variant="danger" onClick={onReject} disabled={busy} aria-describedby={titleId}>
              Reject
            </Button>
          </>
        ) : null}
        <ChatButton
          phone={booking.passenger?.phone ?? null}
          role="passenger"
          name={name}
          booking={booking}
          label="Contact Passenger"
        />
        {booking.status === 'COMPLETED' ? (
          rated ? (
            <span className="inline-flex h-9 items-center text-sm text-slate-600">Rated</span>
          ) : (
            <Button size="sm" variant="outline" onClick={onRate}>
              Rate Passenger
            </Button>
          )
        ) : null}
      </div>
      <BookingSafety booking={booking} other={{ id: booking.passengerId, name }} />
    </li>
  );
}
