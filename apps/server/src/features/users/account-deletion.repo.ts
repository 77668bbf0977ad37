import type { Executor } from '../../db/database.js';
import {
  bookingQuery,
  openBookingsAhead,
  toBookingRecord,
  withRidePoints,
  type BookingRecord,
} from '../marketplace/booking-record.js';
import {
  cancelOpenBookings,
  cascadeRideBookings,
  lockRides,
  recomputeAvailableSeats,
} from '../marketplace/seats.js';
import { OPEN_STATUSES } from '../marketplace/statuses.js';

/** A booking on a leaving driver's ride, cancelled with it. */
export type PassengerLeft = BookingRecord & { passengerFirstName: string };

/**
 * Cancels what a leaving user leaves open: their rides that have not departed with the open bookings on
 * them, and their own open bookings on rides that have not departed (bookings on rides already under way
 * are the other party's history). The commutes they drive or stand on are locked first (those they drive
 * stopped), then every ride involved, in the core's one order, and only then are bookings touched
 * (decision 005), so a driver rejecting or a passenger cancelling one of these bookings at the same moment
 * waits for the deletion instead of deadlocking with it, and a commute's job making its next day either
 * finishes first, its new ride and booking then found and cancelled here, or waits and finds the account
 * deleted.
 * Returns the bookings on the cancelled rides and the user's own cancelled bookings (read before the user
 * is erased, so a mail can still name them), so that the other party of each can be told.
 */
export async function cancelWhatUserLeaves(
  db: Executor,
  userId: string,
  nowMs: number,
): Promise<{ passengers: PassengerLeft[]; ownBookings: BookingRecord[] }> {
  await lockCommutesOf(db, userId, nowMs);
  const rideIds = (await futureRidesOfQuery(db, userId, nowMs).execute()).map((r) => r.id);
  const bookings = await openBookingsAhead(db, userId, nowMs);
  await lockRides(db, [...rideIds, ...bookings.map((b) => b.rideId)], nowMs);
  const passengers = await cancelRides(db, rideIds, nowMs);
  const ownBookings = await cancelOpenBookings(db, bookings, nowMs, 'ACCOUNT_DELETED');
  return { passengers, ownBookings };
}

/**
 * Takes the row lock of every commute the user drives or stands on, one by one in id order as the
 * commutes' job does, and stops those they drive. Taken before anything is read: on PostgreSQL the job
 * that makes a commute's next day holds that lock while it makes the ride and books its standing
 * passengers, and unlocked this deletion read the rides and bookings from before it, so a deleted driver
 * kept a new active ride, bookable and booked, and a deleted passenger a new open booking.
 * Written here against the table, not through the commutes feature: commutes imports users (the account
 * rows), so users importing commutes would tie the two features in a cycle; and the marketplace core
 * holds rides and bookings, not commutes. What a stopped commute means stays the commutes' own: its job
 * makes nothing for it (nor for a deleted driver), and its future rides are cancelled below as the user's.
 */
async function lockCommutesOf(db: Executor, userId: string, nowMs: number): Promise<void> {
  const driven = new Set(
    (await db.selectFrom('commutes').select('id').where('driver_id', '=', userId).execute()).map((c) => c.id),
  );
  const standing = await standingCommutesOfQuery(db, userId).execute();
  for (const id of [...new Set([...driven, ...standing.map((s) => s.commute_id)])].sort()) {
    await db
      .updateTable('commutes')
      .set((eb) =>
        driven.has(id) ? { status: 'STOPPED', updated_at: nowMs } : { updated_at: eb.ref('updated_at') },
      )
      .where('id', '=', id)
      .execute();
  }
}

/** The commutes the user stands on, through commute_subscriptions_passenger (migration 0020). */
export function standingCommutesOfQuery(db: Executor, userId: string) {
  return db.selectFrom('commute_subscriptions').select('commute_id').where('passenger_id', '=', userId);
}

/** The user's standing bookings, for the erase: found by passenger as above, never by a scan. */
export function standingBookingsOfQuery(db: Executor, userId: string) {
  return db.deleteFrom('commute_subscriptions').where('passenger_id', '=', userId);
}

/** The standing bookings on the user's commutes: the commutes through commutes_driver, then by key. */
export function standingBookingsOnCommutesOfQuery(db: Executor, userId: string) {
  return db
    .deleteFrom('commute_subscriptions')
    .where('commute_id', 'in', db.selectFrom('commutes').select('id').where('driver_id', '=', userId));
}

/** The user's rides still to come, through rides_driver; their bookings are then found by ride. */
export function futureRidesOfQuery(db: Executor, userId: string, nowMs: number) {
  return db
    .selectFrom('rides')
    .select('id')
    .where('driver_id', '=', userId)
    .where('status', '=', 'ACTIVE')
    .where('deleted_at', 'is', null)
    .where('departure_at', '>', nowMs);
}

/**
 * Cancels locked rides and their open bookings; returns those bookings as they were, read first, each with
 * its passenger's first name (their mail greets them by it).
 */
async function cancelRides(db: Executor, rideIds: string[], nowMs: number): Promise<PassengerLeft[]> {
  if (rideIds.length === 0) return [];
  const rows = await bookingQuery(db)
    .where('b.ride_id', 'in', rideIds)
    .where('b.status', 'in', OPEN_STATUSES)
    .where('p.deleted_at', 'is', null)
    .execute();
  const ended = await withRidePoints(db, rows.map(toBookingRecord));
  await db
    .updateTable('rides')
    .set({ status: 'CANCELLED', updated_at: nowMs })
    .where('id', 'in', rideIds)
    .execute();
  for (const rideId of rideIds) {
    await cascadeRideBookings(db, rideId, OPEN_STATUSES, 'CANCELLED', nowMs, 'ACCOUNT_DELETED');
    await recomputeAvailableSeats(db, rideId, nowMs);
  }
  return ended.map((b, i) => ({ ...b, passengerFirstName: rows[i]!.p_first_name }));
}

/** Personal data goes; the row stays so other users' bookings and ratings still point somewhere. */
export async function eraseUser(db: Executor, userId: string, nowMs: number): Promise<void> {
  await db
    .updateTable('users')
    .set({
      first_name: 'Deleted',
      last_name: 'User',
      email: `deleted-${userId}@deleted.invalid`,
      phone: '',
      location: 'India',
      bio: null,
      picture_file: null,
      password_hash: '!',
      email_verified: 0,
      gender: null,
      phone_verified: 0,
      contact_visibility: 'EVERYONE',
      deleted_at: nowMs,
      updated_at: nowMs,
    })
    .where('id', '=', userId)
    .execute();
  // The networks the account signed in from (decision 015) are personal data too.
  await db.deleteFrom('sign_in_ips').where('user_id', '=', userId).execute();
  // So are the numbers codes went to and whom they blocked or were blocked by (section 9). Reports stay
  // for moderation.
  await db.deleteFrom('phone_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('phone_code_sends').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_blocks').where('blocker_id', '=', userId).execute();
  await db.deleteFrom('user_blocks').where('blocked_id', '=', userId).execute();
  // So is which commute they ride, on which days, between which stops. Their commutes are locked by now
  // (cancelWhatUserLeaves) and the bookings these made cancelled; the job books no deleted passenger.
  await standingBookingsOfQuery(db, userId).execute();
  // And whom their commutes carried: stopped above, those book nothing more and answer their passengers
  // 404, who could no longer end them. What the passengers keep is their history, the bookings, cancelled
  // (ACCOUNT_DELETED) and told of, as when a block ends the standing bookings between a pair.
  await standingBookingsOnCommutesOfQuery(db, userId).execute();
}

/**
 * Mails not yet sent to the address would carry personal data and dead links. Neither table has an index
 * on the address: they hold only unfinished mails, which a working worker keeps few (decision 010).
 */
export async function dropQueuedMailTo(db: Executor, email: string): Promise<void> {
  await db.deleteFrom('outbox').where('to_address', '=', email).execute();
  await db.deleteFrom('outbox_account').where('to_address', '=', email).execute();
  await db.deleteFrom('outbox_retry').where('to_address', '=', email).execute();
}
