import { formatDate } from '@/lib/format';
import { type SubscriptionResult } from '@saathchalo/shared';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What "Book every ride" did: the days booked (and whether they wait for the driver) and the full ones. */
export function SubscriptionSummary({ answer }: { answer: SubscriptionResult }) {
  const booked = [...answer.booked].sort((a, b) => a.date.localeCompare(b.date));
  const full = [...answer.full].sort((a, b) => a.date.localeCompare(b.date));
  return (
    <div className="space-y-3 text-sm text-slate-800" role="status">
      <p className="font-medium">
        {plural(booked.length, 'ride', 'rides')} booked
        {full.length > 0 ? `, ${plural(full.length, 'day', 'days')} full` : ''}.
      </p>
      {booked.length > 0 ? (
        <section aria-labelledby="summary-booked">
          <h3 id="summary-booked" className="font-semibold text-slate-900">
            Booked
          </h3>
          <ul className="mt-1 list-inside list-disc">
            {booked.map((b) => (
              <li key={b.bookingId}>
                {formatDate(b.date)}: {b.status === 'CONFIRMED' ? 'confirmed' : 'waiting for the driver'}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {full.length > 0 ? (
        <section aria-labelledby="summary-full">
          <h3 id="summary-full" className="font-semibold text-slate-900">
            Full
          </h3>
          <ul className="mt-1 list-inside list-disc">
            {full.map((f) => (
              <li key={f.rideId}>{formatDate(f.date)}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <p className="text-slate-700">Rides added later on these days are booked for you as they appear.</p>
    </div>
  );
}
