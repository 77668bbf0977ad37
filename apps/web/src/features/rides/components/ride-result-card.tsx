import { DepartureWhen, RouteText } from '@/components/ride-summary';
import { Car, MessageCircle, Star, Users } from 'lucide-react';
import { CommuteMark } from '@/features/commutes';
import { Button } from '@/components/ui/button';
import { formatDate, formatRupees } from '@/lib/format';
import { chatLink, type Ride } from '@saathchalo/shared';

interface Props {
  ride: Ride;
  own: boolean;
  onBook(ride: Ride): void;
  /** A commute's ride: a standing booking of all its rides. */
  onBookEvery(ride: Ride): void;
}

/** Driver with rating, car, notes and instant booking, as a description list. */
function RideFacts({ ride }: { ride: Ride }) {
  return (
    <dl className="mt-3 grid gap-2 text-sm text-slate-800 sm:grid-cols-2">
      <div className="flex items-center gap-2">
        <dt className="sr-only">Driver</dt>
        <dd className="flex items-center gap-2">
          <span className="font-medium">{ride.driver.name}</span>
          <span className="inline-flex items-center gap-0.5 text-amber-700">
            <Star aria-hidden="true" className="h-4 w-4 fill-current" />
            <span aria-hidden="true">{ride.driver.rating > 0 ? ride.driver.rating.toFixed(1) : 'New'}</span>
            <span className="sr-only">
              {ride.driver.rating > 0
                ? `Rating ${ride.driver.rating.toFixed(1)} out of 5`
                : 'New driver, not rated yet'}
            </span>
          </span>
        </dd>
      </div>
      <div className="flex items-center gap-2">
        <dt className="sr-only">Car</dt>
        <dd className="inline-flex items-center gap-1">
          <Car aria-hidden="true" className="h-4 w-4" />
          {ride.carModel} · {ride.carNumber}
        </dd>
      </div>
      {ride.additionalInfo ? (
        <div className="sm:col-span-2">
          <dt className="sr-only">Additional information</dt>
          <dd className="text-slate-700">{ride.additionalInfo}</dd>
        </div>
      ) : null}
      {ride.instantBooking ? (
        <div>
          <dt className="sr-only">Booking</dt>
          <dd className="text-green-800">Instant booking</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** Book Ride and Message Driver, or a mark on the user's own ride. */
function ResultActions({ ride, own, onBook, onBookEvery, titleId }: Props & { titleId: string }) {
  const link = chatLink(ride.driver.phone, 'driver', {
    name: ride.driver.name,
    from: ride.from,
    to: ride.to,
    date: formatDate(ride.departureDate),
  });
  return (
    <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:justify-end">
      {own ? (
        <span className="inline-flex items-center justify-center rounded-full bg-blue-100 px-3 py-1 text-sm font-semibold text-blue-800">
          Your ride
        </span>
      ) : (
        <>
          {ride.driver.phone ? (
            <a
              href={link}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex h-11 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
            >
              <MessageCircle aria-hidden="true" className="h-4 w-4" />
              Message Driver
            </a>
          ) : null}
          {ride.commuteId ? (
            <Button variant="outline" onClick={() => onBookEvery(ride)} aria-describedby={titleId}>
              Book every ride
            </Button>
          ) : null}
          <Button onClick={() => onBook(ride)} disabled={ride.availableSeats < 1} aria-describedby={titleId}>
            Book Ride
          </Button>
        </>
      )}
    </div>
  );
}

/** One search result: route, time, seats, price, car, driver with rating, Book Ride and Message Driver. */
export function RideResultCard({ ride, own, onBook, onBookEvery }: Props) {
  const titleId = `ride-${ride.id}-title`;
  return (
    <li aria-labelledby={titleId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="text-lg font-semibold break-words text-slate-900">
              <RouteText from={ride.from} to={ride.to} />
            </h3>
            <CommuteMark ride={ride} />
          </div>
          <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
            <DepartureWhen date={ride.departureDate} time={ride.departureTime} />
            <span className="inline-flex items-center gap-1">
              <Users aria-hidden="true" className="h-4 w-4" />
              {ride.availableSeats} of {ride.totalSeats} seats available
            </span>
          </p>
        </div>
        {/* On a phone the price sits under the title, read left to right: "₹1,250 per seat". */}
        <div className="flex items-baseline gap-1 sm:block sm:text-right">
          <p className="text-xl font-bold text-slate-900">{formatRupees(ride.pricePerSeat)}</p>
          <p className="text-xs text-slate-600">per seat</p>
        </div>
      </div>

      <RideFacts ride={ride} />

      <ResultActions ride={ride} own={own} onBook={onBook} onBookEvery={onBookEvery} titleId={titleId} />
    </li>
  );
}
