import { sql } from 'kysely';
import type { RideStatus } from '@saathchalo/shared';
import type { Executor } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { fullName, ratingOf } from '../ratings/rating-value.js';

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
  driver: { id: string; name: string; phone: string; email: string; rating: number };
}

/** Seats held by bookings that keep them: a PENDING request holds its seats as firmly as a confirmed one. */
export const HOLDING_STATUSES = ['PENDING', 'CONFIRMED', 'COMPLETED'] as const;

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
] as const;

/** Rides with their driver, for lists and search: one join. */
function rideQuery(db: Executor) {
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
    ]);
}

/** A column of the ride's driver, read by its primary key (the foreign key guarantees the row). */
function driverColumn<T>(
  column: 'first_name' | 'last_name' | 'phone' | 'email' | 'rating_sum' | 'rating_count',
) {
  return sql<T>`(select ${sql.ref(`d.${column}`)} from users as d where d.id = r.driver_id)`;
}

/**
 * One ride by id, its driver read by subqueries rather than a join. better-sqlite3 clears a statement's
 * bindings after every run, and SQLite compiles a statement again on its next run when its plan weighed
 * a bound value, which every join's does: the joined form was re-prepared on every call (40 us against
 * 11 us at a million rides, bench/FINDINGS.md fix 21). A lookup by primary key alone is planned once.
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
    ])
    .where('r.id', '=', id);
}

type RideRow = Awaited<ReturnType<ReturnType<typeof rideQuery>['executeTakeFirstOrThrow']>>;

function toRecord(row: RideRow): RideRecord {
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
    driver: {
      id: row.driver_id,
      name: fullName(row.d_first_name, row.d_last_name),
      phone: row.d_phone,
      email: row.d_email,
      rating: ratingOf(row.d_rating_sum, row.d_rating_count),
    },
  };
}

const listedRideById = prepared((db: Executor, v: { id: string }) =>
  rideByIdQuery(db, v.id).where('r.deleted_at', 'is', null),
);
const anyRideById = prepared((db: Executor, v: { id: string }) => rideByIdQuery(db, v.id));

/** A ride that has not been deleted. */
export async function findRide(db: Executor, id: string): Promise<RideRecord | undefined> {
  const [row] = (await listedRideById(db, { id })).rows;
  return row ? toRecord(row) : undefined;
}

/** A ride even when deleted: ratings of completed trips outlive the listing. */
export async function findRideIncludingDeleted(db: Executor, id: string): Promise<RideRecord | undefined> {
  const [row] = (await anyRideById(db, { id })).rows;
  return row ? toRecord(row) : undefined;
}

export async function insertRide(db: Executor, ride: NewRide, nowMs: number): Promise<void> {
  await db
    .insertInto('rides')
    .values({
      id: ride.id,
      driver_id: ride.driverId,
      from_place_id: ride.fromPlaceId,
      to_place_id: ride.toPlaceId,
      from_name: ride.from,
      to_name: ride.to,
      departure_date: ride.departureDate,
      departure_time: ride.departureTime,
      departure_at: ride.departureAt,
      total_seats: ride.totalSeats,
      available_seats: ride.totalSeats,
      price_per_seat: ride.pricePerSeat,
      car_model: ride.carModel,
      car_number: ride.carNumber,
      additional_info: ride.additionalInfo,
      instant_booking: ride.instantBooking ? 1 : 0,
      status: 'ACTIVE',
      deleted_at: null,
      created_at: nowMs,
      updated_at: nowMs,
    })
    .execute();
}

/** The driver's rides that still exist, latest departure first. */
export async function listDriverRides(db: Executor, driverId: string): Promise<RideRecord[]> {
  const rows = await rideQuery(db)
    .where('r.driver_id', '=', driverId)
    .where('r.deleted_at', 'is', null)
    .orderBy('r.departure_at', 'desc')
    .orderBy('r.id')
    .execute();
  return rows.map(toRecord);
}

export interface RideChanges {
  fromPlaceId: string;
  toPlaceId: string;
  from: string;
  to: string;
  departureDate: string;
  departureTime: string;
  departureAt: number;
  totalSeats: number;
  pricePerSeat: number;
  carModel: string;
  carNumber: string;
  additionalInfo: string | null;
  instantBooking: boolean;
}

export interface NewRide extends RideChanges {
  id: string;
  driverId: string;
}

/**
 * Edits an ACTIVE ride in one conditional statement: the new total must cover the seats held
 * right now, and available seats are recomputed from the held ones (total - available), so an
 * edit racing a booking can never lose or invent a seat. Returns false when the condition failed.
 */
export async function updateRideIfSeatsFit(
  db: Executor,
  id: string,
  c: RideChanges,
  nowMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('rides')
    .set({
      from_place_id: c.fromPlaceId,
      to_place_id: c.toPlaceId,
      from_name: c.from,
      to_name: c.to,
      departure_date: c.departureDate,
      departure_time: c.departureTime,
      departure_at: c.departureAt,
      // Every SET expression reads the row as it was: new total minus the seats held until now.
      available_seats: sql<number>`${c.totalSeats} - (total_seats - available_seats)`,
      total_seats: c.totalSeats,
      price_per_seat: c.pricePerSeat,
      car_model: c.carModel,
      car_number: c.carNumber,
      additional_info: c.additionalInfo,
      instant_booking: c.instantBooking ? 1 : 0,
      updated_at: nowMs,
    })
    .where('id', '=', id)
    .where('status', '=', 'ACTIVE')
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`total_seats - available_seats <= ${c.totalSeats}`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

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
export async function releaseSeats(
  db: Executor,
  rideId: string,
  seats: number,
  nowMs: number,
): Promise<void> {
  await db
    .updateTable('rides')
    .set((eb) => ({ available_seats: eb('available_seats', '+', seats), updated_at: nowMs }))
    .where('id', '=', rideId)
    .where(sql<boolean>`available_seats + ${seats} <= total_seats`)
    .execute();
}

/**
 * Takes the ride's row lock before touching its bookings. Every use case that changes seats
 * locks the ride first, so PostgreSQL transactions always lock in the same order (no deadlocks).
 */
export async function lockRide(db: Executor, rideId: string, nowMs: number): Promise<void> {
  await db.updateTable('rides').set({ updated_at: nowMs }).where('id', '=', rideId).execute();
}

/** Moves a ride between statuses only if it is still in the expected one (a lost race changes nothing). */
export async function changeRideStatus(
  db: Executor,
  rideId: string,
  from: RideStatus,
  to: RideStatus,
  nowMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('rides')
    .set({ status: to, updated_at: nowMs })
    .where('id', '=', rideId)
    .where('status', '=', from)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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
            .where('bookings.status', 'in', HOLDING_STATUSES),
          eb.lit(0),
        ),
      ),
      updated_at: nowMs,
    }))
    .where('id', '=', rideId)
    .execute();
}

export async function softDeleteRide(db: Executor, rideId: string, nowMs: number): Promise<boolean> {
  const result = await db
    .updateTable('rides')
    .set((eb) => ({
      deleted_at: nowMs,
      updated_at: nowMs,
      // A deleted upcoming ride is also a cancelled one; a completed ride keeps its history.
      status: eb
        .case()
        .when('status', '=', 'ACTIVE')
        .then(sql.lit<RideStatus>('CANCELLED'))
        .else(eb.ref('status'))
        .end(),
    }))
    .where('id', '=', rideId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface SearchCriteria {
  fromPlaceIds: readonly string[];
  toPlaceIds: readonly string[];
  date: string;
  /** The last date included when the filter asks for a range from `date`; absent for `date` alone. */
  endDate?: string | undefined;
  seats: number;
  nowMs: number;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  departAfter?: string | undefined;
  departBefore?: string | undefined;
  sort: 'departure' | 'price' | 'rating';
  limit: number;
  offset: number;
}

/**
 * Bookable rides between two sets of places on a date. The equality on (from, to, date) and the
 * range on departure_at follow the rides_search index, so this is an index lookup per place pair.
 */
export async function searchRides(db: Executor, c: SearchCriteria): Promise<RideRecord[]> {
  if (c.fromPlaceIds.length === 0 || c.toPlaceIds.length === 0) return [];
  const pairs = c.fromPlaceIds.length * c.toPlaceIds.length;
  // The driver's rating is not in any index of rides: sorted by it, one statement reads the lot.
  if (c.sort === 'rating' || pairs === 1 || pairs > MAX_PAIR_QUERIES) {
    return (await searchRidesQuery(db, c).execute()).map(toRecord);
  }
  // Soonest or cheapest first over several place pairs ("mumbai" is Mumbai and Navi Mumbai): one
  // statement with IN lists cannot read an index in that order, so it reads and sorts every ride of
  // every pair on that date (thousands on a busy corridor at a million rides) to keep twenty. One index
  // walk per pair (rides_search, rides_price) stops after offset + limit rows; the walks are merged
  // here in the statement's own order. (Profiled by bench/, see RESULTS.md.)
  const perPair = { ...c, limit: c.offset + c.limit, offset: 0 };
  const lists = await Promise.all(
    c.fromPlaceIds.flatMap((from) =>
      c.toPlaceIds.map((to) =>
        searchRidesQuery(db, { ...perPair, fromPlaceIds: [from], toPlaceIds: [to] }).execute(),
      ),
    ),
  );
  return lists
    .flat()
    .map(toRecord)
    .sort(
      (a, b) =>
        (c.sort === 'price' ? a.pricePerSeat - b.pricePerSeat : 0) ||
        a.departureAt - b.departureAt ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .slice(c.offset, c.offset + c.limit);
}

/** Above this many place pairs, one statement with IN lists costs less than a statement per pair. */
const MAX_PAIR_QUERIES = 16;

/** The search statement itself, apart so the query-plan test can EXPLAIN exactly what runs. */
export function searchRidesQuery(db: Executor, c: SearchCriteria) {
  let query = rideQuery(db)
    .where('r.from_place_id', 'in', c.fromPlaceIds)
    .where('r.to_place_id', 'in', c.toPlaceIds)
    .$if(!c.endDate, (q) => q.where('r.departure_date', '=', c.date))
    .$if(!!c.endDate, (q) =>
      q.where('r.departure_date', '>=', c.date).where('r.departure_date', '<=', c.endDate!),
    )
    .where('r.departure_at', '>', c.nowMs)
    .where('r.status', '=', 'ACTIVE')
    .where('r.deleted_at', 'is', null)
    .where('r.available_seats', '>=', c.seats);
  if (c.minPrice !== undefined) query = query.where('r.price_per_seat', '>=', c.minPrice);
  if (c.maxPrice !== undefined) query = query.where('r.price_per_seat', '<=', c.maxPrice);
  if (c.departAfter !== undefined) query = query.where('r.departure_time', '>=', c.departAfter);
  if (c.departBefore !== undefined) query = query.where('r.departure_time', '<=', c.departBefore);
  if (c.sort === 'price') query = query.orderBy('r.price_per_seat', 'asc');
  if (c.sort === 'rating') {
    query = query.orderBy(
      sql`case when d.rating_count = 0 then 0 else d.rating_sum * 1.0 / d.rating_count end`,
      'desc',
    );
  }
  return query.orderBy('r.departure_at', 'asc').orderBy('r.id').limit(c.limit).offset(c.offset);
}

/** How many listed rides a driver has offered (the public profile's ridesOffered). */
export async function countDriverRides(db: Executor, driverId: string): Promise<number> {
  const row = await db
    .selectFrom('rides')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('driver_id', '=', driverId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
