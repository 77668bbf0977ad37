import { sql } from 'kysely';
import { isPostgres, type Executor } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';

/*
 * Taking seats for a booking (decisions 005 and 019), the hot path of the marketplace: as few statements
 * as keep every guarantee, each compiled once (db/prepared.ts).
 */

/** Locks a ride that can be booked (ACTIVE, listed): the first statement of a take, per the lock order. */
const lockBookableQuery = prepared((db: Executor, v: { rideId: string; now: number }) =>
  db
    .updateTable('rides')
    .set({ updated_at: v.now })
    .where('id', '=', v.rideId)
    .where('status', '=', 'ACTIVE')
    .where('deleted_at', 'is', null)
    .returning('id'),
);

/** What the legs a segment covers have free, and whether its boarding point is still ahead. */
const segmentStateQuery = prepared(
  (db: Executor, v: { rideId: string; from: number; to: number; now: number }) =>
    db
      .selectFrom('ride_points')
      .select((eb) => [
        eb.fn.min<number>('seats_to_next').as('free'),
        eb.fn.count<number>('idx').as('legs'),
        eb.fn.max<number>(eb.case().when('idx', '=', v.from).then(eb.ref('at')).end()).as('boarding_at'),
      ])
      .where('ride_id', '=', v.rideId)
      .where('idx', '>=', v.from)
      .where('idx', '<', v.to)
      .where('seats_to_next', 'is not', null),
);

/** A take's values: the point `from` must be at a time after `passedBy`. */
interface TakeValues {
  rideId: string;
  from: number;
  to: number;
  seats: number;
  legs: number;
  now: number;
  passedBy: number;
}

/**
 * Boarding on the line after point `from` (a segment's `boardsAfterMs`), the point itself may have passed
 * as long as the boarding has not: search offers such a boarding (CONTRACT.md section 7).
 */
const passedBy = (segment: { boardsAfterMs?: number }, nowMs: number) =>
  nowMs - Math.max(0, segment.boardsAfterMs ?? 0);

/**
 * Takes `seats` on every leg of the segment or on none: each leg must have them and still exist, the
 * boarding point must be ahead and the ride bookable. On SQLite the transaction holds the write lock
 * from its start, so what the subqueries read is current; on PostgreSQL the caller holds the ride's row
 * lock (every change of legs takes it first), so this statement's snapshot, taken after it, is current,
 * and `seats_to_next >= seats` is checked again on each row's latest version as the last guard.
 */
function takeAllLegs(db: Executor, v: TakeValues) {
  return db
    .updateTable('ride_points')
    .set((eb) => ({ seats_to_next: eb('seats_to_next', '-', v.seats) }))
    .where('ride_id', '=', v.rideId)
    .where('idx', '>=', v.from)
    .where('idx', '<', v.to)
    .where('seats_to_next', '>=', v.seats)
    .where(
      sql<number>`(select count(*) from ride_points q where q.ride_id = ${v.rideId} and q.idx >= ${v.from}
        and q.idx < ${v.to} and q.seats_to_next >= ${v.seats})`,
      '=',
      v.legs,
    )
    .where(
      sql<number>`(select q.at from ride_points q where q.ride_id = ${v.rideId} and q.idx = ${v.from})`,
      '>',
      v.passedBy,
    )
    .where(
      sql<boolean>`exists (select 1 from rides r where r.id = ${v.rideId} and r.status = 'ACTIVE' and r.deleted_at is null)`,
    );
}

const takeLegsQuery = prepared((db: Executor, v: TakeValues) =>
  takeAllLegs(db, v).returning(['idx', 'seats_to_next']),
);

/**
 * PostgreSQL: the take and rides.available_seats = the smallest leg in one statement (one round trip
 * less). The legs outside the segment are not changed by the take, so the snapshot's values are theirs.
 * No row when the take took nothing; `legs` is [idx, seats left] of each leg taken.
 */
const takeAndSyncQuery = prepared((db: Executor, v: TakeValues) =>
  db
    .with('taken', () => takeAllLegs(db, v).returning(['idx', 'seats_to_next']))
    .updateTable('rides')
    .set({
      available_seats: sql<number>`(select min(m.s) from (select t.seats_to_next as s from taken t
          union all select p.seats_to_next from ride_points p where p.ride_id = ${v.rideId}
            and p.seats_to_next is not null and (p.idx < ${v.from} or p.idx >= ${v.to})) m)`,
      updated_at: v.now,
    })
    .where('id', '=', v.rideId)
    .where(sql<boolean>`exists (select 1 from taken)`)
    .returning([
      'available_seats',
      sql<[number, number][]>`(select json_agg(json_build_array(t.idx, t.seats_to_next)) from taken t)`.as(
        'legs',
      ),
    ]),
);

/**
 * rides.available_seats = what is free on every leg (the whole route), in the same transaction. The
 * legs are read by `ride_id in (?)`: with `= ?` SQLite compiled the statement again on every run
 * (bookings/booking-statements.test.ts).
 */
const syncAvailableQuery = prepared((db: Executor, v: { rideId: string; now: number }) =>
  db
    .updateTable('rides')
    .set({
      available_seats: sql<number>`coalesce((select min(p.seats_to_next) from ride_points p
        where p.ride_id in (${v.rideId}) and p.seats_to_next is not null), available_seats)`,
      updated_at: v.now,
    })
    .where('id', '=', v.rideId)
    .returning('available_seats'),
);

export type TakeResult =
  | {
      ok: true;
      seatsLeft: number;
      /** The seats each taken leg has left, by the index of its first point. */
      legs: ReadonlyMap<number, number>;
    }
  | { ok: false; reason: 'not-bookable' | 'departed' | 'no-seats' };

/**
 * Holds seats on the legs from point `from` to point `to` (legs from .. to-1, decision 019). Lock order:
 * the ride's row first (so every use case that changes seats of this ride waits here), then its legs
 * are read and taken all together or not at all, then rides.available_seats follows their minimum.
 * A ride without stops has one leg: exactly the first wave's single seat count.
 */
export async function takeSeats(
  db: Executor,
  segment: { rideId: string; from: number; to: number; boardsAfterMs?: number },
  seats: number,
  nowMs: number,
  // The caller read the ride with findRide's `lock`: its row is locked already.
  options: { locked?: boolean } = {},
): Promise<TakeResult> {
  const { rideId, from, to } = segment;
  const values = { rideId, from, to, seats, legs: to - from, now: nowMs, passedBy: passedBy(segment, nowMs) };
  let taken: { legs: [number, number][]; seatsLeft: number } | undefined;
  if (isPostgres(db)) {
    // The row lock first (decision 005's order): only then are the legs read and taken.
    if (!options.locked && (await lockBookableQuery(db, { rideId, now: nowMs })).rows.length === 0) {
      return { ok: false, reason: 'not-bookable' };
    }
    const [row] = (await takeAndSyncQuery(db, values)).rows;
    if (row) taken = { legs: row.legs, seatsLeft: row.available_seats };
  } else {
    const rows = (await takeLegsQuery(db, values)).rows;
    if (rows.length > 0) {
      const legs = rows.map((r): [number, number] => [r.idx, r.seats_to_next ?? 0]);
      taken = { legs, seatsLeft: await syncAvailableSeats(db, rideId, nowMs) };
    }
  }
  if (!taken) return { ok: false, reason: await whyNotTaken(db, segment, seats, values.passedBy) };
  // All legs or none, under the lock: anything else is a bug to roll back.
  if (taken.legs.length !== to - from) throw new Error(`ride ${rideId}: legs changed under lock`);
  return { ok: true, seatsLeft: taken.seatsLeft, legs: new Map(taken.legs) };
}

/** Why a take took nothing, read under the same lock (a refusal: not the hot path). */
async function whyNotTaken(
  db: Executor,
  segment: { rideId: string; from: number; to: number },
  seats: number,
  nowMs: number,
): Promise<'not-bookable' | 'departed' | 'no-seats'> {
  const { rideId, from, to } = segment;
  const ride = await db
    .selectFrom('rides')
    .select('id')
    .where('id', '=', rideId)
    .where('status', '=', 'ACTIVE')
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!ride) return 'not-bookable';
  const [state] = (await segmentStateQuery(db, { rideId, from, to, now: nowMs })).rows;
  if (!state || Number(state.legs) !== to - from) return 'not-bookable';
  if (Number(state.boarding_at) <= nowMs) return 'departed';
  if (Number(state.free) < seats) return 'no-seats';
  throw new Error(`ride ${rideId}: a take of free legs took nothing`);
}

export async function syncAvailableSeats(db: Executor, rideId: string, nowMs: number): Promise<number> {
  const [row] = (await syncAvailableQuery(db, { rideId, now: nowMs })).rows;
  return row ? row.available_seats : 0;
}
