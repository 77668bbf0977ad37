import { sql } from 'kysely';
import type { BookingStatus, CancelReason } from '@saathchalo/shared';
import type { Executor } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { HOLDS_SEATS, OPEN_STATUSES } from './statuses.js';

/*
 * The seat operations every use case shares (decision 005). A use case that changes seats on an existing
 * ride locks the ride rows first (lockRides), in one fixed order, and only then touches their bookings, so
 * on PostgreSQL no two transactions wait for each other's rows in a circle.
 */

const takeSeatsQuery = prepared((db: Executor, v: { rideId: string; seats: number; now: number }) =>
  db
    .updateTable('rides')
    .set((eb) => ({ available_seats: eb('available_seats', '-', v.seats), updated_at: v.now }))
    .where('id', '=', v.rideId)
    .where('status', '=', 'ACTIVE')
    .where('deleted_at', 'is', null)
    .where('departure_at', '>', v.now)
    .where('available_seats', '>=', v.seats)
    .returning('available_seats'),
);

/**
 * Holds seats for a booking: succeeds only while the ride is ACTIVE, listed, not departed and has
 * the seats. One statement, so concurrent bookings serialise on the row and never oversell.
 * Returns the seats left after it (RETURNING, so nobody reads the row again), or null when refused.
 */
export async function takeSeats(
  db: Executor,
  rideId: string,
  seats: number,
  nowMs: number,
): Promise<number | null> {
  const [row] = (await takeSeatsQuery(db, { rideId, seats, now: nowMs })).rows;
  return row ? row.available_seats : null;
}

/** Gives seats back (a cancelled or rejected booking); capped at the total as a last guard. */
async function releaseSeats(db: Executor, rideId: string, seats: number, nowMs: number): Promise<void> {
  await db
    .updateTable('rides')
    .set((eb) => ({ available_seats: eb('available_seats', '+', seats), updated_at: nowMs }))
    .where('id', '=', rideId)
    .where(sql<boolean>`available_seats + ${seats} <= total_seats`)
    .execute();
}

/** Takes the ride's row lock before its bookings are touched. */
export async function lockRide(db: Executor, rideId: string, nowMs: number): Promise<void> {
  await db.updateTable('rides').set({ updated_at: nowMs }).where('id', '=', rideId).execute();
}

/**
 * Locks several rides one by one in id order: two use cases locking overlapping sets of rides then
 * take them in the same order, and one statement over all of them would lock in whatever order its plan
 * reads the rows.
 */
export async function lockRides(db: Executor, rideIds: readonly string[], nowMs: number): Promise<void> {
  for (const id of [...new Set(rideIds)].sort()) await lockRide(db, id, nowMs);
}

/** Sets available seats from the bookings that hold seats; used after a cascade changed them. */
export async function recomputeAvailableSeats(db: Executor, rideId: string, nowMs: number): Promise<void> {
  await db
    .updateTable('rides')
    .set((eb) => ({
      available_seats: eb(
        eb.ref('total_seats'),
        '-',
        eb.fn.coalesce(
          eb
            .selectFrom('bookings')
            .select((b) => b.fn.sum<number>('seats_booked').as('held'))
            .where('bookings.ride_id', '=', rideId)
            .where('bookings.status', 'in', HOLDS_SEATS),
          eb.lit(0),
        ),
      ),
      updated_at: nowMs,
    }))
    .where('id', '=', rideId)
    .execute();
}

/**
 * Moves one booking from one of the given statuses to another; returns the seats it held, or
 * null when it was no longer in such a status (someone else got there first). A move to CANCELLED
 * records why (section 8).
 */
export async function transitionBooking(
  db: Executor,
  id: string,
  from: readonly BookingStatus[],
  to: BookingStatus,
  nowMs: number,
  cancelReason: CancelReason | null = null,
): Promise<number | null> {
  const row = await db
    .updateTable('bookings')
    .set({ status: to, updated_at: nowMs, ...(cancelReason ? { cancel_reason: cancelReason } : {}) })
    .where('id', '=', id)
    .where('status', 'in', from)
    .returning('seats_booked')
    .executeTakeFirst();
  return row ? row.seats_booked : null;
}

/**
 * Cancels an open booking (or one in `from`: expiry cancels only a PENDING one) and gives its seats
 * back; false when it was no longer so, so a booking cancelled by both parties at once counts once.
 * The caller has locked its ride.
 */
export async function cancelOpenBooking(
  db: Executor,
  booking: { id: string; rideId: string },
  nowMs: number,
  reason: CancelReason,
  from: readonly BookingStatus[] = OPEN_STATUSES,
): Promise<boolean> {
  const seats = await transitionBooking(db, booking.id, from, 'CANCELLED', nowMs, reason);
  if (seats === null) return false;
  await releaseSeats(db, booking.rideId, seats, nowMs);
  return true;
}

/**
 * Moves all of a ride's bookings in `from` statuses to `to` (a ride's status cascade), recording why
 * when they are cancelled; recompute after.
 */
export async function cascadeRideBookings(
  db: Executor,
  rideId: string,
  from: readonly BookingStatus[],
  to: BookingStatus,
  nowMs: number,
  cancelReason: CancelReason | null = null,
): Promise<void> {
  await db
    .updateTable('bookings')
    .set({ status: to, updated_at: nowMs, ...(cancelReason ? { cancel_reason: cancelReason } : {}) })
    .where('ride_id', '=', rideId)
    .where('status', 'in', from)
    .execute();
}
