import { DepartureWhen, RouteText } from '@/components/ride-summary';
import { Car, MessageCircle, Star, Users } from 'lucide-react';
import { CommuteMark } from '@/features/commutes';
import { Button } from '@/components/ui/button';
import { formatDate, formatRupees } from '@/lib/format';
import { chatLink, type Ride } from '@saathchalo/shared';
import { ContactHiddenNote, Reliability, VerifiedBadges, WomenOnlyBadge } from '@/features/safety';
import { RouteToggle, SegmentSummary, type Searched } from './segment-summary';

interface Props {
  ride: Ride;
  own: boolean;
  onBook(ride: Ride): void;
  /** Opens the driver's public profile (verified marks, reliability, report and block). */
  onDriver?(ride: Ride): void;
  /** The places searched, for "1.2 km from Whitefield". */
  searched?: Searched | undefined;
  /** A commute's ride: a standing booking of all its rides. */
  onBookEvery(ride: Ride): void;
}

/** Driver with rating, car, notes and instant booking, as a description list. */
function RideFacts({ ride, onDriver }: { ride: Ride; onDriver?: ((ride: Ride) => void) | undefined }) {
  return (
    <dl className="mt-3 grid gap-2 text-sm text-slate-800 sm:grid-cols-2">
      <div className="flex items-center gap-2">
        <dt className="sr-only">Driver</dt>
        <dd className="flex items-center gap-2">
          {onDriver ? (
            <button
              type="button"
              className="font-medium text-blue-800 underline-offset-2 hover:underline"
              onClick={() => onDriver(ride)}
              aria-label={`${ride.driver.name}, view profile`}
            >
              {ride.driver.name}
            </button>
          ) : (
            <span className="font-medium">{ride.driver.name}</span>
          )}
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
      {ride.driver.emailVerified || ride.driver.phoneVerified || ride.driver.stats ? (
        <div className="flex flex-wrap items-center gap-2 sm:col-span-2">
          <dt className="sr-only">Driver's trust</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <VerifiedBadges person={ride.driver} />
            <Reliability stats={ride.driver.stats} />
          </dd>
        </div>
      ) : null}
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
  // Where the searcher would board and leave (section 7), as the card shows it.
  const link = chatLink(ride.driver.phone, 'driver', {
    name: ride.driver.name,
    from: ride.segment?.from.place ?? ride.from,
    to: ride.segment?.to.place ?? ride.to,
    date: formatDate(ride.segment?.from.date ?? ride.departureDate),
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
          ) : (
            <ContactHiddenNote className="sm:mr-auto" />
          )}
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
export function RideResultCard({ ride, own, onBook, onBookEvery, onDriver, searched }: Props) {
  const titleId = `ride-${ride.id}-title`;
  // Boarding on the way: the date and time are the boarding's (price and seats are the segment's already).
  const when = ride.segment?.from ?? { date: ride.departureDate, time: ride.departureTime };
  return (
    <li aria-labelledby={titleId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={titleId} className="text-lg font-semibold break-words text-slate-900">
              <RouteText from={ride.from} to={ride.to} />
            </h3>
            <CommuteMark ride={ride} />
            <WomenOnlyBadge womenOnly={ride.womenOnly} />
          </div>
          <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
            <DepartureWhen date={when.date} time={when.time} />
            <span className="inline-flex items-center gap-1">
              <Users aria-hidden="true" className="h-4 w-4" />
              {ride.availableSeats} of {ride.totalSeats} seats available
            </span>
          </p>
          <SegmentSummary ride={ride} searched={searched} />
        </div>
        {/* On a phone the price sits under the title, read left to right: "₹1,250 per seat". */}
        <div className="flex items-baseline gap-1 sm:block sm:text-right">
          <p className="text-xl font-bold text-slate-900">{formatRupees(ride.pricePerSeat)}</p>
          <p className="text-xs text-slate-600">per seat</p>
        </div>
      </div>

      <RideFacts ride={ride} onDriver={own ? undefined : onDriver} />
      <RouteToggle ride={ride} id={`ride-${ride.id}-route`} />

      <ResultActions ride={ride} own={own} onBook={onBook} onBookEvery={onBookEvery} titleId={titleId} />
    </li>
  );
}
