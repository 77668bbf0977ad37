import { Repeat } from 'lucide-react';
import type { Ride } from '@saathchalo/shared';
import { commuteLabel } from '../utils/days';

/** A commute's ride is marked with its days and time: "Mon–Fri, 08:30"; any other ride with nothing. */
export function CommuteMark({ ride }: { ride: Pick<Ride, 'commuteId' | 'days' | 'departureTime'> }) {
  if (!ride.commuteId || !ride.days?.length) return null;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-semibold text-indigo-900">
      <Repeat aria-hidden="true" className="h-3.5 w-3.5" />
      <span className="sr-only">Repeats </span>
      {commuteLabel(ride.days, ride.departureTime)}
    </span>
  );
}
