import type { BookingStatus } from '@saathchalo/shared';
import type { Executor } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import {
  bookingQuery,
  toBookingRecord,
  withRidePoints,
  type BookingRecord,
} from '../marketplace/booking-record.js';
import { OPEN_STATUSES } from '../marketplace/statuses.js';
import { fullName } from '../../lib/user-display.js';
import { isUniqueViolation } from '../../lib/unique-violation.js';

export interface NewBooking {
  id: string;
  rideId: string;
  passengerId: string;
  seats: number;
  totalAmount: number;
  status: BookingStatus;
  pickupLocation: string | null;
  dropLocation: string | null;
  /** The segment: the legs fromStop .. toStop-1 hold its seats. */
  fromStop: number;
  toStop: number;
  pickupPlace: string;
  pickupAt: number;
  dropPlace: string;
  dropAt: number;
}

const insertBookingQuery = prepared((db: Executor, b: NewBooking & { now: number }) =>
  db.insertInto('bookings').values({
    id: b.id,
    ride_id: b.rideId,
    passenger_id: b.passengerId,
    seats_booked: b.seats,
    total_amount: b.totalAmount,
    status: b.status,
    payment_status: 'PENDING',
    pickup_location: b.pickupLocation,
    drop_location: b.dropLocation,
    from_stop: b.fromStop,
    to_stop: b.toStop,
    pickup_place: b.pickupPlace,
    pickup_at: b.pickupAt,
    drop_place: b.dropPlace,
    drop_at: b.dropAt,
    created_at: b.now,
    updated_at: b.now,
  }),
);

export async function insertBooking(db: Executor, b: NewBooking, nowMs: number): Promise<void> {
  await insertBookingQuery(db, { ...b, now: nowMs });
}

interface BookingPassenger {
  contact: BookingRecord['passenger'];
  /** Whether the passenger already holds a PENDING or CONFIRMED booking on the ride. */
  hasOpenBooking: boolean;
}

const bookingPassengerQuery = prepared((db: Executor, v: { rideId: string; passengerId: string }) =>
  db
    .selectFrom('users as p')
    .select((eb) => [
      'p.first_name',
      'p.last_name',
      'p.phone',
      'p.email',
      eb
        .exists(
          eb
            .selectFrom('bookings as b')
            .select('b.id')
            .where('b.ride_id', '=', v.rideId)
            .where('b.passenger_id', '=', v.passengerId)
            .where('b.status', 'in', OPEN_STATUSES),
        )
        .as('has_open'),
    ])
    .where('p.id', '=', v.passengerId),
);

/**
 * What a new booking needs to know about its passenger, in one statement: the contact shown to the
 * driver and whether an open booking on this ride exists (the partial unique index bookings_one_open
 * still decides races). Undefined when the user is gone.
 */
export async function findBookingPassenger(
  db: Executor,
  rideId: string,
  passengerId: string,
): Promise<BookingPassenger | undefined> {
  const [row] = (await bookingPassengerQuery(db, { rideId, passengerId })).rows;
  if (!row) return undefined;
  return {
    contact: {
      id: passengerId,
      name: fullName(row.first_name, row.last_name),
      phone: row.phone,
      email: row.email,
    },
    // SQLite answers 0/1, PostgreSQL a boolean.
    hasOpenBooking: Boolean(row.has_open),
  };
}

/** Whether the database refused a second open booking of a passenger on a ride (bookings_one_open). */
export const isOneOpenBookingViolation = (error: unknown) =>
  isUniqueViolation(error, {
    name: 'bookings_one_open',
    columns: 'bookings.ride_id, bookings.passenger_id',
  });

/**
 * A passenger's bookings, newest first. Bookings on deleted rides disappear with the ride,
 * except completed trips, which are history.
 */
export async function listPassengerBookings(db: Executor, passengerId: string): Promise<BookingRecord[]> {
  const rows = await bookingQuery(db)
    .where('b.passenger_id', '=', passengerId)
    .where((eb) => eb.or([eb('r.deleted_at', 'is', null), eb('b.status', '=', 'COMPLETED')]))
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id')
    .execute();
  return withRidePoints(db, rows.map(toBookingRecord));
}

/**
 * The bookings made on a driver's rides, newest first, with the same rule for deleted rides: the
 * driver's rides through rides_driver, then each ride's bookings through bookings_ride.
 */
export function listDriverBookingsQuery(db: Executor, driverId: string) {
  return bookingQuery(db)
    .where('r.driver_id', '=', driverId)
    .where((eb) => eb.or([eb('r.deleted_at', 'is', null), eb('b.status', '=', 'COMPLETED')]))
    .orderBy('b.created_at', 'desc')
    .orderBy('b.id');
}

export async function listDriverBookings(db: Executor, driverId: string): Promise<BookingRecord[]> {
  return withRidePoints(db, (await listDriverBookingsQuery(db, driverId).execute()).map(toBookingRecord));
}
