import { sql } from 'kysely';
import {
  COMMUTE_DAYS,
  isMorningReturn,
  shiftDays,
  type CommuteDay,
  type CommuteDirection,
  type ContactVisibility,
  type RideStatus,
} from '@saathchalo/shared';
import { isPostgres, type Executor } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { fullName, ratingOf } from '../../lib/user-display.js';
import { pointsOfRides, toRidePoint, type RidePoint } from './ride-points.js';

export interface RideRecord {
  id: string;
  driverId: string;
  fromPlaceId: string;
  toPlaceId: string;
  from: string;
  to: string;
  departureDate: string;
  departureTime: string;
  departureAt: number;
  totalSeats: number;
  availableSeats: number;
  pricePerSeat: number;
  carModel: string;
  carNumber: string;
  additionalInfo: string | null;
  instantBooking: boolean;
  status: RideStatus;
  deletedAt: number | null;
  womenOnly: boolean;
  driver: {
    id: string;
    name: string;
    phone: string;
    email: string;
    rating: number;
    emailVerified: boolean;
    phoneVerified: boolean;
    contactVisibility: ContactVisibility;
  };
  /** A commute's ride (section 8): its commute, direction and the commute's days; else null. */
  commuteId: string | null;
  direction: CommuteDirection | null;
  days: CommuteDay[] | null;
  /** Great-circle km along the points; null when one has no coordinates. */
  distanceKm: number | null;
  /** Every point, from `from` to `to` (withPoints fills them in). */
  points: RidePoint[];
}

/**
 * The commute's days and departure time of a ride (`MON,TUE|22:00`), read by the commute's primary key;
 * null for a ride offered by itself.
 */
const commuteDays = sql<
  string | null
>`(select c.days || '|' || c.departure_time from commutes as c where c.id = r.commute_id)`;

export const daysOf = (days: string | null): CommuteDay[] | null =>
  days === null ? null : COMMUTE_DAYS.filter((d) => days.split(',').includes(d));

/**
 * The days a commute's ride leaves on: the commute's days, one later for a night shift's return (its
 * commute day is the night before), so a search result's "Tue–Sat, 06:00" is when it really leaves.
 */
function rideDays(
  commute: string | null,
  ride: { direction: CommuteDirection | null; departureTime: string },
): CommuteDay[] | null {
  if (commute === null) return null;
  const [days, departureTime] = commute.split('|') as [string, string];
  const onDays = daysOf(days)!;
  return isMorningReturn(ride, departureTime) ? shiftDays(onDays, 1) : onDays;
}

const RIDE_COLUMNS = [
  'r.id',
  'r.driver_id',
  'r.from_place_id',
  'r.to_place_id',
  'r.from_name',
  'r.to_name',
  'r.departure_date',
  'r.departure_time',
  'r.departure_at',
  'r.total_seats',
  'r.available_seats',
  'r.price_per_seat',
  'r.car_model',
  'r.car_number',
  'r.additional_info',
  'r.instant_booking',
  'r.status',
  'r.deleted_at',
  'r.women_only',
  'r.commute_id',
  'r.direction',
  'r.distance_km',
] as const;

/** Rides with their driver, for lists and search: one join. */
export function rideQuery(db: Executor) {
  return db
    .selectFrom('rides as r')
    .innerJoin('users as d', 'd.id', 'r.driver_id')
    .select([
      ...RIDE_COLUMNS,
      'd.first_name as d_first_name',
      'd.last_name as d_last_name',
      'd.phone as d_phone',
      'd.email as d_email',
      'd.rating_sum as d_rating_sum',
      'd.rating_count as d_rating_count',
      'd.email_verified as d_email_verified',
      'd.phone_verified as d_phone_verified',
      'd.contact_visibility as d_contact_visibility',
      commuteDays.as('commute_days'),
    ]);
}

/** A column of the ride's driver, read by its primary key (the foreign key guarantees the row). */
function driverColumn<T>(
  column:
    | 'first_name'
    | 'last_name'
    | 'phone'
    | 'email'
    | 'rating_sum'
    | 'rating_count'
    | 'email_verified'
    | 'phone_verified'
    | 'contact_visibility',
) {
  return sql<T>`(select ${sql.ref(`d.${column}`)} from users as d where d.id = r.driver_id)`;
}

/**
 * One ride by id, its driver read by subqueries rather than a join. better-sqlite3 clears a statement's
 * bindings after every run, and SQLite compiles a statement again on its next run when its plan weighed
 * a bound value, which every join's does, so a join would be compiled on every call (decision 017).
 * A lookup by primary key alone is planned once.
 */
function rideByIdQuery(db: Executor, id: string) {
  return db
    .selectFrom('rides as r')
    .select([
      ...RIDE_COLUMNS,
      driverColumn<string>('first_name').as('d_first_name'),
      driverColumn<string>('last_name').as('d_last_name'),
      driverColumn<string>('phone').as('d_phone'),
      driverColumn<string>('email').as('d_email'),
      driverColumn<number>('rating_sum').as('d_rating_sum'),
      driverColumn<number>('rating_count').as('d_rating_count'),
      driverColumn<number>('email_verified').as('d_email_verified'),
      driverColumn<number>('phone_verified').as('d_phone_verified'),
      driverColumn<ContactVisibility>('contact_visibility').as('d_contact_visibility'),
      commuteDays.as('commute_days'),
    ])
    .where('r.id', '=', id);
}

type RideRow = Awaited<ReturnType<ReturnType<typeof rideQuery>['executeTakeFirstOrThrow']>>;

export function toRideRecord(row: RideRow): RideRecord {
  return {
    id: row.id,
    driverId: row.driver_id,
    fromPlaceId: row.from_place_id,
    toPlaceId: row.to_place_id,
    from: row.from_name,
    to: row.to_name,
    departureDate: row.departure_date,
    departureTime: row.departure_time,
    departureAt: Number(row.departure_at),
    totalSeats: row.total_seats,
    availableSeats: row.available_seats,
    pricePerSeat: row.price_per_seat,
    carModel: row.car_model,
    carNumber: row.car_number,
    additionalInfo: row.additional_info,
    instantBooking: row.instant_booking === 1,
    status: row.status,
    deletedAt: row.deleted_at === null ? null : Number(row.deleted_at),
    womenOnly: Number(row.women_only) === 1,
    commuteId: row.commute_id ?? null,
    direction: row.direction ?? null,
    days: rideDays(row.commute_days, { direction: row.direction ?? null, departureTime: row.departure_time }),
    distanceKm: row.distance_km === null ? null : Number(row.distance_km),
    points: [],
    driver: {
      id: row.driver_id,
      name: fullName(row.d_first_name, row.d_last_name),
      phone: row.d_phone,
      email: row.d_email,
      rating: ratingOf(row.d_rating_sum, row.d_rating_count),
      emailVerified: Number(row.d_email_verified) === 1,
      phoneVerified: Number(row.d_phone_verified) === 1,
      contactVisibility: row.d_contact_visibility,
    },
  };
}

const listedRideById = prepared((db: Executor, v: { id: string }) =>
  rideByIdQuery(db, v.id).where('r.deleted_at', 'is', null),
);

/**
 * PostgreSQL plans every statement it is sent, so the subqueries that suit SQLite cost it nine index
 * lookups of the driver; there the driver is one join and the points come in the same statement, as
 * JSON rows: one round trip instead of two (the booking path reads a ride first).
 */
function rideWithPointsById(db: Executor, id: string) {
  return rideQuery(db)
    .select(
      sql<
        RawPoint[] | null
      >`(select json_agg(p order by p.idx) from ride_points p where p.ride_id = r.id)`.as('points_json'),
    )
    .where('r.id', '=', id)
    .where('r.deleted_at', 'is', null);
}
const listedRideWithPointsById = prepared((db: Executor, v: { id: string }) => rideWithPointsById(db, v.id));
const lockedRideWithPointsById = prepared((db: Executor, v: { id: string }) =>
  rideWithPointsById(db, v.id).forUpdate('r'),
);

type RawPoint = Parameters<typeof toRidePoint>[0];
const anyRideById = prepared((db: Executor, v: { id: string }) => rideByIdQuery(db, v.id));

/**
 * A ride that has not been deleted, with its points. `lock` (in a transaction): on PostgreSQL this read
 * takes the ride's row lock (FOR UPDATE), the first lock of decision 005's order, and reads the row as
 * the last commit left it; its points come from the statement's snapshot, which may be older (the take
 * of seats reads the legs again). SQLite's write transaction already keeps every other writer out.
 */
export async function findRide(
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<RideRecord | undefined> {
  if (isPostgres(db)) {
    const query = options.lock ? lockedRideWithPointsById : listedRideWithPointsById;
    const [withPointsRow] = (await query(db, { id })).rows;
    if (!withPointsRow) return undefined;
    const ride = toRideRecord(withPointsRow);
    ride.points = withPointsRow.points_json?.map(toRidePoint) ?? endsOnly(ride);
    return ride;
  }
  const [row] = (await listedRideById(db, { id })).rows;
  return row ? (await withPoints(db, [toRideRecord(row)]))[0] : undefined;
}

/** A ride even when deleted: ratings of completed trips outlive the listing. */
export async function findRideIncludingDeleted(db: Executor, id: string): Promise<RideRecord | undefined> {
  const [row] = (await anyRideById(db, { id })).rows;
  return row ? (await withPoints(db, [toRideRecord(row)]))[0] : undefined;
}

/** Rides with their points, read in one statement for the whole list. */
export async function withPoints(db: Executor, rides: RideRecord[]): Promise<RideRecord[]> {
  const points = await pointsOfRides(
    db,
    rides.map((r) => r.id),
  );
  for (const ride of rides) ride.points = points.get(ride.id) ?? endsOnly(ride);
  return rides;
}

/**
 * A ride stored without points (a row written straight into the table, as bulk tests do): its two ends
 * at its departure, every seat it has free on the one leg.
 */
function endsOnly(ride: RideRecord): RidePoint[] {
  const end = (idx: number, place: string, placeId: string) => ({
    idx,
    place,
    placeId,
    lat: null,
    lng: null,
    date: ride.departureDate,
    time: ride.departureTime,
    at: ride.departureAt,
    estimated: idx > 0,
    kmFromStart: null,
    seatsToNext: idx === 0 ? ride.availableSeats : null,
  });
  return [end(0, ride.from, ride.fromPlaceId), end(1, ride.to, ride.toPlaceId)];
}
