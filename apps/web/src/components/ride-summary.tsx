import { Calendar, Clock } from 'lucide-react';
import { formatDate, formatTime } from '@/lib/format';

/** "Pune → Mumbai", read by screen readers as "Pune to Mumbai". */
export function RouteText({ from, to }: { from: string; to: string }) {
  return (
    <>
      {from} <span aria-hidden="true">→</span>
      <span className="sr-only">to</span> {to}
    </>
  );
}

/** A ride's IST departure date and time, each with its icon, for a line of ride facts. */
export function DepartureWhen({ date, time }: { date: string; time: string }) {
  return (
    <>
      <span className="inline-flex items-center gap-1">
        <Calendar aria-hidden="true" className="h-4 w-4" />
        {formatDate(date)}
      </span>
      <span className="inline-flex items-center gap-1">
        <Clock aria-hidden="true" className="h-4 w-4" />
        {formatTime(time)}
      </span>
    </>
  );
}
