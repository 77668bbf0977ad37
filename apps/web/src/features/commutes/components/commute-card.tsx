import { RouteText } from '@/components/ride-summary';
import { AddToCalendar } from '@/components/add-to-calendar';
import { StatusBadge } from '@/components/ui/badge';
import { WomenOnlyBadge } from '@/features/safety';
import { Button } from '@/components/ui/button';
import { formatDate, formatRupees } from '@/lib/format';
import { type Commute, type Ride } from '@saathchalo/shared';
import { commuteLabel, returnWhen } from '../utils/days';
import { CommuteRides } from './commute-rides';

interface Props {
  commute: Commute;
  isBusy(id: string): boolean;
  onEdit(c: Commute): void;
  onStop(c: Commute): void;
  onSkip(ride: Ride): void;
}

function when(c: Commute): string {
  const back = c.returnTime ? `, back ${returnWhen(c.departureTime, c.returnTime)}` : '';
  const until = c.endDate ? ` until ${formatDate(c.endDate)}` : '';
  return `${commuteLabel(c.days, c.departureTime)}${back} · from ${formatDate(c.startDate)}${until}`;
}

/** One commute: its days and times, seats and price, its next rides, and Edit, Stop, Add to calendar. */
export function CommuteCard({ commute, isBusy, onEdit, onStop, onSkip }: Props) {
  const titleId = `commute-${commute.id}`;
  const active = commute.status === 'ACTIVE';
  return (
    <li aria-labelledby={titleId} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={titleId} className="text-lg font-semibold break-words text-slate-900">
          <RouteText from={commute.from} to={commute.to} />
        </h2>
        <StatusBadge status={commute.status} />
        <WomenOnlyBadge womenOnly={commute.womenOnly} />
      </div>
      {commute.stops.length > 0 ? (
        <p className="mt-1 text-sm break-words text-slate-700">
          via {commute.stops.map((s) => s.place).join(', ')}
        </p>
      ) : null}
      <p className="mt-1 text-sm text-slate-700">{when(commute)}</p>
      <p className="mt-1 text-sm text-slate-700">
        {commute.seats} {commute.seats === 1 ? 'seat' : 'seats'} · {formatRupees(commute.pricePerSeat)} per
        seat · {commute.carModel} · {commute.carNumber}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {active ? (
          <>
            <Button size="sm" variant="outline" onClick={() => onEdit(commute)} aria-describedby={titleId}>
              Edit
            </Button>
            <Button
              size="sm"
              variant="danger"
              onClick={() => onStop(commute)}
              disabled={isBusy(commute.id)}
              aria-describedby={titleId}
            >
              Stop commute
            </Button>
          </>
        ) : null}
        <AddToCalendar
          path={`/commutes/${encodeURIComponent(commute.id)}/calendar.ics`}
          filename={`commute-${commute.id}.ics`}
          describedBy={titleId}
        />
      </div>
      {active ? (
        <section className="mt-4">
          <h3 id={`${titleId}-next`} className="mb-1 text-sm font-semibold text-slate-900">
            Next rides
          </h3>
          <CommuteRides
            rides={commute.upcoming}
            route={commute}
            labelledBy={`${titleId}-next`}
            isBusy={isBusy}
            onSkip={onSkip}
          />
        </section>
      ) : null}
    </li>
  );
}
