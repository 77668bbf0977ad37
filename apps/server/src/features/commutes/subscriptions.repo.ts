import type { CommuteDirection } from '@saathchalo/shared';
import type { Executor } from '../../db/database.js';
import type { CommuteSubscriptionsTable } from '../../db/schema.js';
import { OPEN_STATUSES } from '../marketplace/statuses.js';
import { parseDays } from './commute-dates.js';

export interface SubscriptionRecord {
  id: string;
  commuteId: string;
  passengerId: string;
  seats: number;
  days: ReturnType<typeof parseDays> | null;
  direction: CommuteDirection | null;
  fromStop: number | null;
  toStop: number | null;
  /** When the passenger first stood on the commute (a later subscribe changes the terms, not this). */
  createdAt: number;
}

const toRecord = (r: CommuteSubscriptionsTable): SubscriptionRecord => ({
  id: r.id,
  commuteId: r.commute_id,
  passengerId: r.passenger_id,
  seats: r.seats,
  days: r.days === null ? null : parseDays(r.days),
  direction: r.direction,
  fromStop: r.from_stop,
  toStop: r.to_stop,
  createdAt: Number(r.created_at),
});

/** One standing booking per passenger and commute: a second subscribe replaces the first's terms. */
export async function upsertSubscription(db: Executor, row: CommuteSubscriptionsTable): Promise<void> {
  await db
    .insertInto('commute_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['commute_id', 'passenger_id']).doUpdateSet({
        seats: row.seats,
        days: row.days,
        direction: row.direction,
        from_stop: row.from_stop,
        to_stop: row.to_stop,
      }),
    )
    .execute();
}

export async function findSubscription(db: Executor, commuteId: string, passengerId: string) {
  const row = await db
    .selectFrom('commute_subscriptions')
    .selectAll()
    .where('commute_id', '=', commuteId)
    .where('passenger_id', '=', passengerId)
    .executeTakeFirst();
  return row ? toRecord(row) : undefined;
}

/** Removes a passenger's standing booking on a commute: its id, or undefined when there was none. */
export async function deleteSubscription(db: Executor, commuteId: string, passengerId: string) {
  const row = await db
    .deleteFrom('commute_subscriptions')
    .where('commute_id', '=', commuteId)
    .where('passenger_id', '=', passengerId)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The standing bookings of commutes whose passengers still have an account. */
export async function listSubscriptions(
  db: Executor,
  commuteIds: readonly string[],
): Promise<SubscriptionRecord[]> {
  if (commuteIds.length === 0) return [];
  const rows = await db
    .selectFrom('commute_subscriptions as s')
    .innerJoin('users as u', 'u.id', 's.passenger_id')
    .selectAll('s')
    .where('s.commute_id', 'in', commuteIds)
    .where('u.deleted_at', 'is', null)
    .orderBy('s.created_at')
    .orderBy('s.id')
    .execute();
  return rows.map(toRecord);
}

/**
 * The open bookings a standing booking made on its commute's rides still to come (unsubscribe cancels
 * them); the passenger's bookings made one by one on the same rides are not its.
 */
export async function openUpcomingBookings(
  db: Executor,
  s: { id: string; commuteId: string; passengerId: string },
  nowMs: number,
) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('rides as r', 'r.id', 'b.ride_id')
    .select(['b.id', 'b.ride_id as rideId', 'b.from_stop as fromStop', 'b.to_stop as toStop'])
    .where('r.commute_id', '=', s.commuteId)
    .where('b.passenger_id', '=', s.passengerId)
    .where('b.subscription_id', '=', s.id)
    .where('b.status', 'in', ['PENDING', 'CONFIRMED'])
    .where('r.departure_at', '>', nowMs)
    .execute();
}

/** The passenger's open booking on a ride, however it was made (a standing booking reports it as booked). */
export async function openBookingOn(db: Executor, rideId: string, passengerId: string) {
  return db
    .selectFrom('bookings')
    .select(['id', 'status'])
    .where('ride_id', '=', rideId)
    .where('passenger_id', '=', passengerId)
    .where('status', 'in', OPEN_STATUSES)
    .executeTakeFirst();
}

/**
 * Ends the standing bookings either of a pair holds on the other's commutes (a block, section 9), so none
 * books a ride of theirs again, not even after an unblock. Answers how many ended.
 */
export async function endStandingBookingsBetween(db: Executor, a: string, b: string): Promise<number> {
  const ended = await standingBookingsBetweenQuery(db, a, b).executeTakeFirst();
  return Number(ended.numDeletedRows);
}

/** Each side's standing bookings found by passenger (commute_subscriptions_passenger), then by commute. */
export function standingBookingsBetweenQuery(db: Executor, a: string, b: string) {
  return db
    .deleteFrom('commute_subscriptions')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('passenger_id', '=', a),
          eb('commute_id', 'in', eb.selectFrom('commutes').select('id').where('driver_id', '=', b)),
        ]),
        eb.and([
          eb('passenger_id', '=', b),
          eb('commute_id', 'in', eb.selectFrom('commutes').select('id').where('driver_id', '=', a)),
        ]),
      ]),
    );
}

/** Points a standing booking at other stops of its commute's route (null: the route's end on that side). */
export async function setSubscriptionStops(
  db: Executor,
  id: string,
  stops: { fromStop: number | null; toStop: number | null },
): Promise<void> {
  await db
    .updateTable('commute_subscriptions')
    .set({ from_stop: stops.fromStop, to_stop: stops.toStop })
    .where('id', '=', id)
    .execute();
}
