import { sql, type Kysely } from 'kysely';
import { inOneTransaction } from './one-transaction.js';

/**
 * Bookings gain `subscription_id`: the standing booking (commute_subscriptions.id) that made the booking,
 * null for one a passenger made one by one. Stopping a standing booking cancels only the bookings it made
 * (CONTRACT.md section 8), never a ride the passenger booked on their own. No index: unsubscribing reads
 * the passenger's bookings on the commute's rides as before, and this is one more condition on them.
 *
 * Open bookings already stored get the id of the standing booking that covers them, as nearly as the data
 * tells it: same commute and passenger, made at or after the subscribing, on a ride of its direction (both
 * when none) and days (all when none), with the stops it booked (the route's ends where it names none; the
 * code before this one used the same stop numbers in both directions). The rest stay null.
 */
export const up = inOneTransaction(migrateUp);

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('subscription_id').execute();
}

const BY_UTC_DAY = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

interface Candidate {
  id: string;
  from_stop: number;
  to_stop: number;
  direction: string | null;
  departure_date: string;
  last_idx: number | string | null;
  subscription_id: string;
  days: string | null;
  s_direction: string | null;
  s_from: number | null;
  s_to: number | null;
}

async function migrateUp(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').addColumn('subscription_id', 'text').execute();
  const { rows } = await sql<Candidate>`
    select b.id, b.from_stop, b.to_stop, r.direction, r.departure_date,
      (select max(p.idx) from ride_points p where p.ride_id = r.id) as last_idx,
      s.id as subscription_id, s.days, s.direction as s_direction, s.from_stop as s_from, s.to_stop as s_to
    from bookings b
    join rides r on r.id = b.ride_id
    join commute_subscriptions s on s.commute_id = r.commute_id and s.passenger_id = b.passenger_id
    where b.status in ('PENDING', 'CONFIRMED') and b.created_at >= s.created_at`.execute(db);
  const bySubscription = new Map<string, string[]>();
  for (const c of rows) {
    if (!covered(c)) continue;
    bySubscription.set(c.subscription_id, [...(bySubscription.get(c.subscription_id) ?? []), c.id]);
  }
  for (const [subscriptionId, ids] of bySubscription) {
    for (let i = 0; i < ids.length; i += 500) {
      await db
        .updateTable('bookings')
        .set({ subscription_id: subscriptionId })
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
    }
  }
}

function covered(c: Candidate): boolean {
  const weekday = BY_UTC_DAY[new Date(`${c.departure_date}T00:00:00Z`).getUTCDay()]!;
  if (c.days !== null && !c.days.split(',').includes(weekday)) return false;
  if (c.s_direction !== null && c.s_direction !== c.direction) return false;
  const last = c.last_idx === null ? null : Number(c.last_idx);
  return (
    Number(c.from_stop) === (c.s_from ?? 0) &&
    (c.s_to === null ? last === null || Number(c.to_stop) === last : Number(c.to_stop) === c.s_to)
  );
}
