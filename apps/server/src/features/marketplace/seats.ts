import { sql } from 'kysely';
import type { BookingStatus, CancelReason } from '@saathchalo/shared';
import type { Executor } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { findBooking, type BookingRecord } from './booking-record.js';
import { syncAvailableSeats } from './take-seats.js';
import { HOLDS_SEATS, OPEN_STATUSES } from './statuses.js';

/*
 * The seat operations every use case shares (decision 005). A use case that changes seats on an existing
 * ride locks the ride rows first (lockRides), in one fixed order, and only then touches their bookings, so
 * on PostgreSQL no two transactions wait for each other's rows in a circle.
 */

const releaseLegsQuery = prepared(
  (db: Executor, v: { rideId: string; from: number; to: number; seats: number }) =>
    db
      .updateTable('ride_points')
      .set((eb) => ({ seats_to_next: eb('seats_to_next', '+', v.seats) }))
      .where('ride_id', '=', v.rideId)
      .where('idx', '>=', v.from)
      .where('idx', '<', v.to)
      // A last guard: a leg never has more free seats than the car.
      .where(
        sql<boolean>`seats_to_next + ${v.seats} <= (select total_seats from rides where rides.id = ${v.rideId})`,
      ),
);

/** Gives a booking's seats back on the legs it held (a cancelled or rejected booking). */
async function releaseSeats(
  db: Executor,
  booking: { rideId: string; from: number; to: number; seats: number },
  nowMs: number,
): Promise<void> {
  await releaseLegsQuery(db, booking);
  await syncAvailableSeats(db, booking.rideId, nowMs);
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

/**
 * Sets every leg's free seats from the bookings that hold seats on it, then the ride's available seats
 * from the legs; used after a cascade or an edit changed them. A ride stored without points (rows
 * written straight into the table) keeps the first wave's count: total minus held.
 */
export async function recomputeAvailableSeats(db: Executor, rideId: string, nowMs: number): Promise<void> {
  await sql`update ride_points set seats_to_next = (select total_seats from rides where id = ${rideId})
      - coalesce((select sum(b.seats_booked) from bookings b
        where b.ride_id = ${rideId} and b.status in (${sql.join(HOLDS_SEATS)})
          and b.from_stop <= ride_points.idx and b.to_stop > ride_points.idx), 0)
    where ride_points.ride_id = ${rideId} and ride_points.seats_to_next is not null`.execute(db);
  // The smallest leg; only a ride without points falls back to the first wave's total minus held.
  await sql`update rides set updated_at = ${nowMs}, available_seats = coalesce(
      (select min(p.seats_to_next) from ride_points p where p.ride_id = ${rideId} and p.seats_to_next is not null),
      total_seats - coalesce((select sum(b.seats_booked) from bookings b
        where b.ride_id = ${rideId} and b.status in (${sql.join(HOLDS_SEATS)})), 0))
    where id = ${rideId}`.execute(db);
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
  const row = await db
    .updateTable('bookings')
    .set({ status: 'CANCELLED', updated_at: nowMs, cancel_reason: reason })
    .where('id', '=', booking.id)
    .where('status', 'in', from)
    .returning(['seats_booked', 'from_stop', 'to_stop'])
    .executeTakeFirst();
  if (!row) return false;
  const held = { rideId: booking.rideId, from: row.from_stop, to: row.to_stop, seats: row.seats_booked };
  await releaseSeats(db, held, nowMs);
  return true;
}

/**
 * Cancels each of these bookings still open, as one party's step (`reason`); answers those it cancelled,
 * read after, for the other party's mail. The caller has locked their rides.
 */
export async function cancelOpenBookings(
  db: Executor,
  open: readonly { id: string; rideId: string }[],
  nowMs: number,
  reason: CancelReason,
): Promise<BookingRecord[]> {
  const ended: BookingRecord[] = [];
  for (const b of open) {
    if (!(await cancelOpenBooking(db, b, nowMs, reason))) continue;
    const cancelled = await findBooking(db, b.id);
    if (cancelled) ended.push(cancelled);
  }
  return ended;
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
