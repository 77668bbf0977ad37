import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDate, formatTime } from '@/lib/format';
import { type Ride } from '@saathchalo/shared';

interface Props {
  rides: Ride[];
  /** The heading this list belongs to, read with each Skip button. */
  labelledBy: string;
  isBusy(id: string): boolean;
  onSkip(ride: Ride): void;
}

const byTime = (a: Ride, b: Ride) =>
  `${a.departureDate} ${a.departureTime}`.localeCompare(`${b.departureDate} ${b.departureTime}`);

/** The commute's rides of the next two weeks: day, way, booked seats, and Skip for an active one. */
export function CommuteRides({ rides, labelledBy, isBusy, onSkip }: Props) {
  if (rides.length === 0) return <p className="text-sm text-slate-700">No rides in the next 14 days.</p>;
  return (
    <ul className="divide-y divide-slate-200" aria-labelledby={labelledBy}>
      {[...rides].sort(byTime).map((ride) => {
        const id = `commute-ride-${ride.id}`;
        return (
          <li key={ride.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <div id={id} className="min-w-0 text-sm text-slate-800">
              <span className="font-medium">{formatDate(ride.departureDate)}</span>
              {', '}
              {formatTime(ride.departureTime)} · {ride.direction === 'RETURN' ? 'Return' : 'Outbound'} ·{' '}
              {ride.bookedSeats} of {ride.totalSeats} seats booked
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
