import type { Executor } from '../../db/database.js';

const OPEN = ['PENDING', 'CONFIRMED'] as const;

export interface AffectedPassenger {
  email: string;
  firstName: string;
  from: string;
  to: string;
  date: string;
  time: string;
}

/**
 * Cancels the user's rides that have not departed and the open bookings on them, giving the seats back.
 * Returns the passengers of those bookings so they can be told.
 */
export async function cancelFutureRidesOf(
  db: Executor,
  userId: string,
  nowMs: number,
): Promise<AffectedPassenger[]> {
  const rides = await futureRidesOfQuery(db, userId, nowMs).execute();
  const rideIds = rides.map((r) => r.id);
  if (rideIds.length === 0) return [];
  const affected = await db
    .selectFrom('bookings')
    .innerJoin('rides', 'rides.id', 'bookings.ride_id')
    .innerJoin('users', 'users.id', 'bookings.passenger_id')
    .select([
      'users.email',
      'users.first_name',
      'rides.from_name',
      'rides.to_name',
      'rides.departure_date',
      'rides.departure_time',
    ])
    .where('bookings.ride_id', 'in', rideIds)
    .where('bookings.status', 'in', OPEN)
    .where('users.deleted_at', 'is', null)
    .execute();
  const bookings = await db
    .selectFrom('bookings')
    .select(['id', 'ride_id', 'seats_booked'])
    .where('ride_id', 'in', rideIds)
    .where('status', 'in', OPEN)
    .execute();
  await releaseSeatsAndCancel(db, bookings, nowMs);
  await db
    .updateTable('rides')
    .set({ status: 'CANCELLED', updated_at: nowMs })
    .where('id', 'in', rideIds)
    .execute();
  return affected.map((a) => ({
    email: a.email,
    firstName: a.first_name,
    from: a.from_name,
    to: a.to_name,
    date: a.departure_date,
    time: a.departure_time,
  }));
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
 * Cancels the user's open bookings on rides that have not departed and gives their seats back.
 * Bookings on rides already under way stay: they are the other party's history.
 */
export async function cancelOpenBookingsOf(db: Executor, userId: string, nowMs: number): Promise<void> {
  const bookings = await db
    .selectFrom('bookings')
    .innerJoin('rides', 'rides.id', 'bookings.ride_id')
    .select(['bookings.id', 'bookings.ride_id', 'bookings.seats_booked'])
    .where('bookings.passenger_id', '=', userId)
    .where('bookings.status', 'in', OPEN)
    .where('rides.departure_at', '>', nowMs)
    .execute();
  await releaseSeatsAndCancel(db, bookings, nowMs);
}

/** Seats go back with the same atomic `available_seats + n` the booking code uses, then the bookings close. */
async function releaseSeatsAndCancel(
  db: Executor,
  bookings: { id: string; ride_id: string; seats_booked: number }[],
  nowMs: number,
): Promise<void> {
  for (const b of bookings) {
    // The status condition makes a booking cancelled meanwhile by its other party count only once.
    const res = await db
      .updateTable('bookings')
      .set({ status: 'CANCELLED', updated_at: nowMs })
      .where('id', '=', b.id)
      .where('status', 'in', OPEN)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) continue;
    await db
      .updateTable('rides')
      .set((eb) => ({
        available_seats: eb('available_seats', '+', Number(b.seats_booked)),
        updated_at: nowMs,
      }))
      .where('id', '=', b.ride_id)
      .execute();
  }
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
      deleted_at: nowMs,
      updated_at: nowMs,
    })
    .where('id', '=', userId)
    .execute();
  // The networks the account signed in from (decision 015) are personal data too.
  await db.deleteFrom('sign_in_ips').where('user_id', '=', userId).execute();
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
