import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate, formatTime } from '@/lib/format';
import { type Commute, type Ride } from '@saathchalo/shared';
import { keptRoute } from '../utils/kept-route';

interface Props {
  rides: Ride[];
  /** The commute's route now, to point out the rides that kept an earlier one. */
  route: Pick<Commute, 'from' | 'to' | 'stops'>;
  /** The heading this list belongs to, read with each Skip button. */
  labelledBy: string;
  isBusy(id: string): boolean;
  onSkip(ride: Ride): void;
}

const rowId = (rideId: string) => `commute-ride-${rideId}`;

/**
 * Where the keyboard goes once a day is skipped (its Skip button gives way to CANCELLED): the nearest
 * day after it still to skip, else before it, else the commute's first button (Edit).
 */
export function afterSkip(rideId: string): HTMLElement | null {
  const row = document.getElementById(rowId(rideId))?.closest('li');
  const rows = [...(row?.parentElement?.children ?? [])];
  const at = row ? rows.indexOf(row) : -1;
  const skipIn = (li: Element | undefined) => li?.querySelector<HTMLButtonElement>('button:not(:disabled)');
  const nearest = [...rows.slice(at + 1), ...rows.slice(0, Math.max(at, 0)).reverse()]
    .map(skipIn)
    .find(Boolean);
  return nearest ?? row?.parentElement?.closest('li')?.querySelector<HTMLElement>('button') ?? null;
}

const byTime = (a: Ride, b: Ride) =>
  `${a.departureDate} ${a.departureTime}`.localeCompare(`${b.departureDate} ${b.departureTime}`);

/** A ride an edit of the commute did not move: the route its passengers booked, "A → B → C". */
function KeptRoute({ points }: { points: string[] | null }) {
  if (!points) return null;
  return (
    <span className="block text-slate-600">
      Keeps its booked route:{' '}
      {points.map((p, i) => (
        <span key={i}>
          {i > 0 ? (
            <>
              {' '}
              <span aria-hidden="true">→</span>
              <span className="sr-only">to</span>{' '}
            </>
          ) : null}
          {p}
        </span>
      ))}
    </span>
  );
}

/** The commute's rides of the next two weeks: day, way, booked seats, and Skip for an active one. */
export function CommuteRides({ rides, route, labelledBy, isBusy, onSkip }: Props) {
  if (rides.length === 0) return <p className="text-sm text-slate-700">No rides in the next 14 days.</p>;
  return (
    <ul className="divide-y divide-slate-200" aria-labelledby={labelledBy}>
      {[...rides].sort(byTime).map((ride) => {
        const id = rowId(ride.id);
        return (
          <li key={ride.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div id={id} className="min-w-0 text-sm text-slate-800">
              <span className="font-medium">{formatDate(ride.departureDate)}</span>
              {', '}
              {formatTime(ride.departureTime)} · {ride.direction === 'RETURN' ? 'Return' : 'Outbound'} ·{' '}
              {ride.bookedSeats} of {ride.totalSeats} seats booked
              <KeptRoute points={keptRoute(ride, route)} />
            </div>
            <div className="flex items-center gap-2">
              {ride.status === 'ACTIVE' ? (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onSkip(ride)}
                  disabled={isBusy(ride.id)}
                  aria-describedby={id}
                >
                  Skip day
                </Button>
              ) : (
                <StatusBadge status={ride.status} />
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
