import type {
  BookingStatus,
  CancelReason,
  CommuteDirection,
  ContactVisibility,
  PaymentStatus,
  RideStatus,
} from '@saathchalo/shared';
import type { Executor } from '../../db/database.js';
import { fullName } from '../../lib/user-display.js';
import { pointsOfRides, type RidePoint } from './ride-points.js';
import { ON_BOARD, OPEN_STATUSES } from './statuses.js';

export interface BookingRecord {
  id: string;
  rideId: string;
  status: BookingStatus;
  seatsBooked: number;
  totalAmount: number;
  paymentStatus: PaymentStatus;
  pickupLocation: string | null;
  dropLocation: string | null;
  /** The segment: legs fromStop .. toStop-1 hold its seats. */
  fromStop: number;
  toStop: number;
  pickupPlace: string | null;
  pickupAt: number | null;
  dropPlace: string | null;
  dropAt: number | null;
  createdAt: number;
  /** Why it was cancelled (section 8); null while open or for history from before it was kept. */
  cancelReason: CancelReason | null;
  driver: BookingParty;
  passenger: BookingParty;
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
    womenOnly: boolean;
    /** A commute's ride (section 8), else null. */
    commuteId: string | null;
    direction: CommuteDirection | null;
    distanceKm: number | null;
    /** Every point of the ride (withRidePoints fills them in). */
    points: RidePoint[];
  };
}

/** One side of a booking: what its answers and mails show, and whom its phone is shown to. */
export interface BookingParty {
  id: string;
  name: string;
  phone: string;
  email: string;
  contactVisibility: ContactVisibility;
}

export function bookingQuery(db: Executor) {
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
      'b.from_stop',
      'b.to_stop',
      'b.pickup_place',
      'b.pickup_at',
      'b.drop_place',
      'b.drop_at',
      'b.created_at',
      'b.cancel_reason',
      'r.commute_id',
      'r.direction',
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
      'r.women_only',
      'r.distance_km',
      'd.id as d_id',
      'd.first_name as d_first_name',
      'd.last_name as d_last_name',
      'd.phone as d_phone',
      'd.email as d_email',
      'd.contact_visibility as d_contact_visibility',
      'p.id as p_id',
      'p.first_name as p_first_name',
      'p.last_name as p_last_name',
      'p.phone as p_phone',
      'p.email as p_email',
      'p.contact_visibility as p_contact_visibility',
    ]);
}

type BookingRow = Awaited<ReturnType<ReturnType<typeof bookingQuery>['executeTakeFirstOrThrow']>>;

export function toBookingRecord(row: BookingRow): BookingRecord {
  return {
    id: row.id,
    rideId: row.ride_id,
    status: row.status,
    seatsBooked: row.seats_booked,
    totalAmount: row.total_amount,
    paymentStatus: row.payment_status,
    pickupLocation: row.pickup_location,
    dropLocation: row.drop_location,
    fromStop: row.from_stop,
    toStop: row.to_stop,
    pickupPlace: row.pickup_place,
    pickupAt: row.pickup_at === null ? null : Number(row.pickup_at),
    dropPlace: row.drop_place,
    dropAt: row.drop_at === null ? null : Number(row.drop_at),
    createdAt: Number(row.created_at),
    cancelReason: row.cancel_reason ?? null,
    driver: {
      id: row.d_id,
      name: fullName(row.d_first_name, row.d_last_name),
      phone: row.d_phone,
      email: row.d_email,
      contactVisibility: row.d_contact_visibility,
    },
    passenger: {
      id: row.p_id,
      name: fullName(row.p_first_name, row.p_last_name),
      phone: row.p_phone,
      email: row.p_email,
      contactVisibility: row.p_contact_visibility,
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
      womenOnly: Number(row.women_only) === 1,
      commuteId: row.commute_id ?? null,
      direction: row.direction ?? null,
      distanceKm: row.distance_km === null ? null : Number(row.distance_km),
      points: [],
    },
  };
}

/** Bookings with their rides' points, read in one statement for the whole list. */
export async function withRidePoints(db: Executor, bookings: BookingRecord[]): Promise<BookingRecord[]> {
  const points = await pointsOfRides(
    db,
    bookings.map((b) => b.rideId),
  );
  for (const b of bookings) b.ride.points = points.get(b.rideId) ?? [];
  return bookings;
}

export async function findBooking(db: Executor, id: string): Promise<BookingRecord | undefined> {
  const row = await bookingQuery(db).where('b.id', '=', id).executeTakeFirst();
  return row ? (await withRidePoints(db, [toBookingRecord(row)]))[0] : undefined;
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
  return withRidePoints(db, rows.map(toBookingRecord));
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
    .where('b.status', 'in', ON_BOARD)
    .orderBy('b.created_at')
    .orderBy('b.id')
    .execute();
  for (const row of rows) {
    const list = byRide.get(row.ride_id) ?? [];
    list.push(toBookingRecord(row));
    byRide.set(row.ride_id, list);
  }
  await withRidePoints(db, [...byRide.values()].flat());
  return byRide;
}

/**
 * A passenger's open bookings on rides that have not departed, on one driver's rides only when given
 * (what a block cancels), else on any (what leaving cancels).
 */
export async function openBookingsAhead(
  db: Executor,
  passengerId: string,
  nowMs: number,
  driverId?: string,
): Promise<{ id: string; rideId: string }[]> {
  let query = db
    .selectFrom('bookings')
    .innerJoin('rides', 'rides.id', 'bookings.ride_id')
    .select(['bookings.id', 'bookings.ride_id as rideId'])
    .where('bookings.passenger_id', '=', passengerId)
    .where('bookings.status', 'in', OPEN_STATUSES)
    .where('rides.departure_at', '>', nowMs);
  if (driverId !== undefined) query = query.where('rides.driver_id', '=', driverId);
  return query.execute();
}
