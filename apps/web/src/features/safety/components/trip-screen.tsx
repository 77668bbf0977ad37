import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { formatDate, formatTime } from '@/lib/format';
import { SOS_PHONE } from '@saathchalo/shared';
import { getTrip, type TripAnswer } from '../api/get-trip';
import type { PublicTrip } from '../model';
import { whatsappShare } from '../utils/share-links';
import { PhoneIcon, ShareIcon, StarIcon } from './trip-icons';

export const TRIP_TEXT = {
  title: 'Shared trip',
  sos: `SOS: call ${SOS_PHONE}`,
  sosHint: 'In an emergency, call 112, India’s emergency number.',
  share: 'Share on WhatsApp',
  loading: 'Loading the trip...',
  failed: 'Failed to load the trip. Please check your connection and try again.',
  retry: 'Try again',
  /** ERR.tripLinkDead, spelled here so that the page does not load the shared texts (tested equal). */
  dead: 'This trip link has expired or is no longer valid',
  deadHint: 'Shared trips stop showing once the booking ends, or 12 hours after the ride arrives.',
} as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function TripFacts({ trip }: { trip: PublicTrip }) {
  // The points between the ends, in order.
  const ends = [trip.route.from, trip.route.to];
  const stops = [...trip.stops]
    .sort((a, b) => a.index - b.index)
    .map((s) => s.place)
    .filter((p) => !ends.includes(p));
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <Fact label="Route">
        {trip.route.from} <span aria-hidden="true">→</span>
        <span className="sr-only">to</span> {trip.route.to}
      </Fact>
      {stops.length > 0 ? <Fact label="Stops">{stops.join(', ')}</Fact> : null}
      <Fact label="Departure">
        {formatDate(trip.departureDate)}, {formatTime(trip.departureTime)}
      </Fact>
      <Fact label="Status">{trip.status === 'COMPLETED' ? 'Completed' : 'Confirmed'}</Fact>
      <Fact label="Driver">
        <span>{trip.driver.firstName}</span>{' '}
        <span className="inline-flex items-center gap-0.5 text-amber-800">
          <StarIcon className="h-4 w-4" />
          <span aria-hidden="true">{trip.driver.rating > 0 ? trip.driver.rating.toFixed(1) : 'New'}</span>
          <span className="sr-only">
            {trip.driver.rating > 0
              ? `Rating ${trip.driver.rating.toFixed(1)} out of 5`
              : 'New driver, not rated yet'}
          </span>
        </span>
      </Fact>
      <Fact label="Car">
        {trip.car.model} · {trip.car.number}
      </Fact>
      <Fact label="Passenger">{trip.passengerFirstName}</Fact>
    </dl>
  );
}

function Sos() {
  return (
    <a
      href={`tel:${SOS_PHONE}`}
      className="flex h-16 w-full items-center justify-center gap-3 rounded-2xl bg-red-700 text-xl font-bold text-white shadow-md hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
    >
      <PhoneIcon className="h-6 w-6" /> {TRIP_TEXT.sos}
    </a>
  );
}

function Body({ answer, onRetry }: { answer: TripAnswer | null; onRetry(): void }) {
  if (!answer) return <p role="status">{TRIP_TEXT.loading}</p>;
  if (answer.kind === 'dead')
    return (
      <div role="alert" className="rounded-xl bg-amber-50 p-4 text-amber-950">
        <p className="font-semibold">{TRIP_TEXT.dead}</p>
        <p className="mt-1 text-sm">{TRIP_TEXT.deadHint}</p>
      </div>
    );
  // The page is opened by family on whatever network they have: a failed load can be asked again in place.
  if (answer.kind === 'failed')
    return (
      <div role="alert">
        <p>{TRIP_TEXT.failed}</p>
        <button
          type="button"
          onClick={onRetry}
          className="mt-3 inline-flex h-11 items-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          {TRIP_TEXT.retry}
        </button>
      </div>
    );
  return <TripFacts trip={answer.trip} />;
}

/** /trip/{token}: a shared trip for whoever has the link, signed in or not; SOS first, then the facts. */
export function TripScreen() {
  const { token = '' } = useParams();
  const [answer, setAnswer] = useState<TripAnswer | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const ctl = new AbortController();
    void getTrip(token, ctl.signal).then((a) => !ctl.signal.aborted && setAnswer(a));
    return () => ctl.abort();
  }, [token, attempt]);
  const retry = () => {
    setAnswer(null);
    setAttempt((n) => n + 1);
  };
  const here = typeof window === 'undefined' ? '' : window.location.href;
  return (
    <div className="mx-auto w-full max-w-xl space-y-5 px-4 py-6">
      <h1 className="text-2xl font-bold text-slate-900">{TRIP_TEXT.title}</h1>
      <Sos />
      <p className="text-sm text-slate-700">{TRIP_TEXT.sosHint}</p>
      <section aria-label="Trip" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <Body answer={answer} onRetry={retry} />
      </section>
      {answer?.kind === 'trip' ? (
        <a
          href={whatsappShare(here)}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900 hover:bg-slate-50"
        >
          <ShareIcon className="h-4 w-4" /> {TRIP_TEXT.share}
        </a>
      ) : null}
    </div>
  );
}
