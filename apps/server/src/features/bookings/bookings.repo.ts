import type { BookingStatus, PaymentStatus, RideStatus } from '@saathchalo/shared';
import type { Executor } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { fullName } from '../ratings/rating-value.js';

export interface BookingRecord {
  id: string;
  rideId: string;
  status: BookingStatus;
  seatsBooked: number;
  totalAmount: number;
  paymentStatus: PaymentStatus;
  pickupLocation: string | null;
  dropLocation: string | null;
  createdAt: number;
  driver: { id: string; name: string; phone: string; email: string };
  passenger: { id: string; name: string; phone: string; email: string };
  ride: {
    id: string;
    fromPlaceId: string;
    toPlaceId: string;
    from: string;
    to: string;
    departureDate: string;
    departureTime: string;
    departureAt: number;
    carModel: string;
    carNumber: string;
    pricePerSeat: number;
    totalSeats: number;
    availableSeats: number;
    additionalInfo: string | null;
    status: RideStatus;
    deletedAt: number | null;
  };
}

export interface NewBooking {
  id: string;
  rideId: string;
  passengerId: string;
  seats: number;
  totalAmount: number;
  status: BookingStatus;
  pickupLocation: string | null;
  dropLocation: string | null;
}

export const OPEN_STATUSES = ['PENDING', 'CONFIRMED'] as const;

function bookingQuery(db: Executor) {
  return db
    .selectFrom('bookings as b')
    .innerJoin('rides as r', 'r.id', 'b.ride_id')
    .innerJoin('users as d', 'd.id', 'r.driver_id')
    .innerJoin('users as p', 'p.id', 'b.passenger_id')
    .select([
      'b.id',
      'b.ride_id',
      'b.status',
      'b.seats_booked',
      'b.total_amount',
      'b.payment_status',
      'b.pickup_location',
      'b.drop_location',
      'b.created_at',
      'r.from_place_id',
      'r.to_place_id',
      'r.from_name',
      'r.to_name',
      'r.departure_date',
      'r.departure_time',
      'r.departure_at',
      'r.car_model',
      'r.car_number',
      'r.price_per_seat',
      'r.total_seats',
      'r.available_seats',
      'r.additional_info',
      'r.status as ride_status',
      'r.deleted_at as ride_deleted_at',
      'd.id as d_id',
      'd.first_name as d_first_name',
      'd.last_name as d_last_name',
      'd.phone as d_phone',
      'd.email as d_email',
      'p.id as p_id',
      'p.first_name as p_first_name',
      'p.last_name as p_last_name',
      'p.phone as p_phone',
      'p.email as p_email',
    ]);
}

type BookingRow = Awaited<ReturnType<ReturnType<typeof bookingQuery>['executeTakeFirstOrThrow']>>;

function toRecord(row: BookingRow): BookingRecord {
  return {
    id: row.id,
    rideId: row.ride_id,
    status: row.status,
    seatsBooked: row.seats_booked,
    totalAmount: row.total_amount,
    paymentStatus: row.payment_status,
    pickupLocation: row.pickup_location,
    dropLocation: row.drop_location,
    createdAt: Number(row.created_at),
    driver: {
      id: row.d_id,
      name: fullName(row.d_first_name, row.d_last_name),
      phone: row.d_phone,
      email: row.d_email,
    },
    passenger: {
      id: row.p_id,
      name: fullName(row.p_first_name, row.p_last_name),
      phone: row.p_phone,
      email: row.p_email,
    },
    ride: {
      id: row.ride_id,
      fromPlaceId: row.from_place_id,
      toPlaceId: row.to_place_id,
      from: row.from_name,
      to: row.to_name,
      departureDate: row.departure_date,
      departureTime: row.departure_time,
      departureAt: Number(row.departure_at),
      carModel: row.car_model,
      carNumber: row.car_number,
      pricePerSeat: row.price_per_seat,
      totalSeats: row.total_seats,
      availableSeats: row.available_seats,
      additionalInfo: row.additional_info,
      status: row.ride_status,
      deletedAt: row.ride_deleted_at === null ? null : Number(row.ride_deleted_at),
    },
  };
}

export async function findBooking(db: Executor, id: string): Promise<BookingRecord | undefined> {
  const row = await bookingQuery(db).where('b.id', '=', id).executeTakeFirst();
  return row ? toRecord(row) : undefined;
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
    created_at: b.now,
    updated_at: b.now,
  }),
);

export async function insertBooking(db: Executor, b: NewBooking, nowMs: number): Promise<void> {
  await insertBookingQuery(db, { ...b, now: nowMs });
}

export interface BookingPassenger {
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
export function isOneOpenBookingViolation(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code === '23505') return e.constraint === 'bookings_one_open';
  return (
    typeof e?.code === 'string' &&
    e.code.startsWith('SQLITE_CONSTRAINT') &&
    /bookings\.ride_id, bookings\.passenger_id/.test(e.message ?? '')
  );
}

/**
 * Moves one booking from one of the given statuses to another; returns the seats it held, or
 * null when it was no longer in such a status (someone else got there first).
 */
export async function transitionBooking(
  db: Executor,
  id: string,
  from: readonly BookingStatus[],
  to: BookingStatus,
  nowMs: number,
): Promise<number | null> {
  const row = await db
    .updateTable('bookings')
    .set({ status: to, updated_at: nowMs })
    .where('id', '=', id)
    .where('status', 'in', from)
    .returning('seats_booked')
    .executeTakeFirst();
  return row ? row.seats_booked : null;
}

/** Bookings of a ride in the given statuses, oldest first (for cascades and their mails). */
export async function listRideBookings(
  db: Executor,
  rideId: string,
  statuses: readonly BookingStatus[],
): Promise<BookingRecord[]> {
  const rows = await bookingQuery(db)
    .where('b.ride_id', '=', rideId)
    .where('b.status', 'in', statuses)
    .orderBy('b.created_at')
    .orderBy('b.id')
    .execute();
  return rows.map(toRecord);
}

/** The passenger lists of many rides at once (CONFIRMED and COMPLETED only), by ride id. */
export async function passengersOfRides(
  db: Executor,
  rideIds: string[],
): Promise<Map<string, BookingRecord[]>> {
  const byRide = new Map<string, BookingRecord[]>();
  if (rideIds.length === 0) return byRide;
  const rows = await bookingQuery(db)
    .where('b.ride_id', 'in', rideIds)
    .where('b.status', 'in', ['CONFIRMED', 'COMPLETED'])
    .orderBy('b.created_at')
    .orderBy('b.id')
    .execute();
  for (const row of rows) {
    const list = byRide.get(row.ride_id) ?? [];
    list.push(toRecord(row));
    byRide.set(row.ride_id, list);
  }
  return byRide;
}

/** Moves all of a ride's bookings in `from` statuses to `to` (a ride's status cascade). */
export async function cascadeRideBookings(
  db: Executor,
  rideId: string,
  from: readonly BookingStatus[],
  to: BookingStatus,
  nowMs: number,
): Promise<void> {
  await db
    .updateTable('bookings')
    .set({ status: to, updated_at: nowMs })
    .where('ride_id', '=', rideId)
    .where('status', 'in', from)
    .execute();
}

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
  return rows.map(toRecord);
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
  return (await listDriverBookingsQuery(db, driverId).execute()).map(toRecord);
}
