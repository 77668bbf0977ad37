import { DepartureWhen, RouteText } from '@/components/ride-summary';
import { AddToCalendar } from '@/components/add-to-calendar';
import { cancelReasonText } from '@/features/commutes';
import { MessageCircle } from 'lucide-react';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate, formatRupees } from '@/lib/format';
import { chatLink, type Booking } from '@saathchalo/shared';
import { ContactHiddenNote, WomenOnlyBadge } from '@/features/safety';
import { BookingSafety } from './booking-safety';
import { PickupDrop } from './pickup-drop';

const linkClass =
  'inline-flex h-9 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

export function ChatButton({
  phone,
  role,
  name,
  booking,
  label,
}: {
  phone: string | null;
  role: 'driver' | 'passenger';
  name: string;
  booking: Booking;
  label: string;
}) {
  // A cancelled or rejected booking is no trip to talk about: a prefilled "about your ride" message to
  // someone who declined, or was declined, invites the unwanted contact section 9 guards against.
  if (booking.status === 'CANCELLED') return null;
  // A number kept until the booking is confirmed (CONTRACT section 9): say so while it is pending.
  if (!phone) return booking.status === 'PENDING' ? <ContactHiddenNote /> : null;
  // The passenger's own part of the route (section 7): "from Mandya", not the ride's start they never see.
  const href = chatLink(phone, role, {
    name,
    from: booking.pickup?.place ?? booking.ride.from,
    to: booking.drop?.place ?? booking.ride.to,
    date: formatDate(booking.pickup?.date ?? booking.ride.departureDate),
  });
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={linkClass}>
      <MessageCircle aria-hidden="true" className="h-4 w-4" />
      {label}
    </a>
  );
}

export function BookingTrip({
  booking,
  titleId,
  title,
}: {
  booking: Booking;
  titleId: string;
  title?: string;
}) {
  return (
    <div className="min-w-0">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="text-lg font-semibold break-words text-slate-900">
          {title ?? (
            <>
              <RouteText from={booking.ride.from} to={booking.ride.to} />
            </>
          )}
        </h3>
        <StatusBadge status={booking.status} />
        <WomenOnlyBadge womenOnly={booking.ride.womenOnly} />
      </div>
      {title ? (
        <p className="mt-1 text-sm text-slate-800">
          <RouteText from={booking.ride.from} to={booking.ride.to} />
        </p>
      ) : null}
      <PickupDrop booking={booking} />
      <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        <DepartureWhen date={booking.ride.departureDate} time={booking.ride.departureTime} />
        <span>
          {booking.seatsBooked} {booking.seatsBooked === 1 ? 'seat' : 'seats'} ·{' '}
          {formatRupees(booking.totalAmount)}
        </span>
      </p>
    </div>
  );
}

interface Props {
  booking: Booking;
  busy: boolean;
  rated: boolean;
  onView(): void;
  onCancel(): void;
  onRate(): void;
}

/** A passenger's booking: view, cancel, contact driver, rate driver (on COMPLETED). */
export function BookingCard({ booking, busy, rated, onView, onCancel, onRate }: Props) {
  const titleId = `booking-${booking.id}`;
  const cancellable = booking.status === 'PENDING' || booking.status === 'CONFIRMED';
  const reason = cancelReasonText(booking);
  return (
    <li
      aria-labelledby={titleId}
      aria-busy={busy}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <BookingTrip booking={booking} titleId={titleId} />
      <p className="mt-1 text-sm text-slate-700">Driver: {booking.driver.name || 'Driver'}</p>
      {reason ? <p className="mt-1 text-sm font-medium text-red-800">{reason}</p> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onView} aria-describedby={titleId}>
          View
        </Button>
        <ChatButton
          phone={booking.driver.phone}
          role="driver"
          name={booking.driver.name}
          booking={booking}
          label="Contact Driver"
        />
        {cancellable ? (
          <AddToCalendar
            path={`/bookings/${encodeURIComponent(booking.id)}/calendar.ics`}
            filename={`saathchalo-${booking.ride.departureDate}.ics`}
            describedBy={titleId}
          />
        ) : null}
        {booking.status === 'COMPLETED' ? (
          rated ? (
            <span className="inline-flex h-9 items-center text-sm text-slate-600">Rated</span>
          ) : (
            <Button size="sm" variant="outline" onClick={onRate}>
              Rate Driver
            </Button>
          )
        ) : null}
        {cancellable ? (
          <Button size="sm" variant="danger" onClick={onCancel} disabled={busy} aria-describedby={titleId}>
            Cancel Booking
          </Button>
        ) : null}
      </div>
      <BookingSafety
        booking={booking}
        other={{ id: booking.driverId, name: booking.driver.name || 'Driver' }}
      />
    </li>
  );
}
