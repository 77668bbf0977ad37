import type { CommuteDirection, CommuteStatus, ContactVisibility } from '@saathchalo/shared';
import type { Executor } from '../../db/database.js';
import type { Insertable } from 'kysely';
import type { CommutesTable, RideCellsTable, RidePointsTable } from '../../db/schema.js';
import { rideQuery, toRideRecord, withPoints, type RideRecord } from '../marketplace/ride-record.js';
import { fullName, ratingOf } from '../../lib/user-display.js';
import { parseDays } from './commute-dates.js';
import { bulkInsert } from '../../db/bulk-insert.js';

export interface CommuteRecord {
  id: string;
  driverId: string;
  fromPlaceId: string;
  toPlaceId: string;
  from: string;
  to: string;
  stops: { place: string; time: string | null }[];
  days: ReturnType<typeof parseDays>;
  departureTime: string;
  returnTime: string | null;
  startDate: string;
  endDate: string | null;
  seats: number;
  pricePerSeat: number;
  carModel: string;
  carNumber: string;
  additionalInfo: string | null;
  instantBooking: boolean;
  womenOnly: boolean;
  status: CommuteStatus;
  /**
   * When it was stopped (STOPPED only). A stopped commute is never written again (an edit is refused),
   * so its last update is the stop.
   */
  stoppedAt: number | null;
  createdAt: number;
  driver: {
    id: string;
    name: string;
    phone: string;
    contactVisibility: ContactVisibility;
    rating: number;
    deleted: boolean;
  };
}

export async function insertCommute(db: Executor, row: CommutesTable): Promise<void> {
  await db.insertInto('commutes').values(row).execute();
}

export async function updateCommuteRow(
  db: Executor,
  id: string,
  changes: Omit<CommutesTable, 'id' | 'driver_id' | 'status' | 'created_at' | 'told_terms'>,
): Promise<void> {
  await db.updateTable('commutes').set(changes).where('id', '=', id).execute();
}

/**
 * Takes the commute's row lock (PostgreSQL; SQLite's writes are one at a time) without changing it, before
 * a use case reads the commute: an edit and a standing booking then never decide on each other's old state
 * (a man standing on a commute made women-only that moment). Commute first, then its rides, as every
 * commute use case locks them; many commutes one by one in id order (`lockCommutes`, decision 005).
 */
export async function lockCommute(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('commutes')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', id)
    .execute();
}
export async function lockCommutes(db: Executor, ids: readonly string[]): Promise<void> {
  for (const id of [...new Set(ids)].sort()) await lockCommute(db, id);
}

export async function setCommuteStatus(db: Executor, id: string, status: CommuteStatus, nowMs: number) {
  const res = await db
    .updateTable('commutes')
    .set({ status, updated_at: nowMs })
    .where('id', '=', id)
    .where('status', '!=', status)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

function commuteQuery(db: Executor) {
  return db
    .selectFrom('commutes as c')
    .innerJoin('users as d', 'd.id', 'c.driver_id')
    .selectAll('c')
    .select([
      'd.first_name as d_first_name',
      'd.last_name as d_last_name',
      'd.phone as d_phone',
      'd.contact_visibility as d_contact_visibility',
      'd.rating_sum as d_rating_sum',
      'd.rating_count as d_rating_count',
      'd.deleted_at as d_deleted_at',
    ]);
}

type CommuteRow = Awaited<ReturnType<ReturnType<typeof commuteQuery>['executeTakeFirstOrThrow']>>;

function toCommuteRecord(r: CommuteRow): CommuteRecord {
  return {
    id: r.id,
    driverId: r.driver_id,
    fromPlaceId: r.from_place_id,
    toPlaceId: r.to_place_id,
    from: r.from_name,
    to: r.to_name,
    stops: JSON.parse(r.stops) as CommuteRecord['stops'],
    days: parseDays(r.days),
    departureTime: r.departure_time,
    returnTime: r.return_time,
    startDate: r.start_date,
    endDate: r.end_date,
    seats: r.seats,
    pricePerSeat: r.price_per_seat,
    carModel: r.car_model,
    carNumber: r.car_number,
    additionalInfo: r.additional_info,
    instantBooking: r.instant_booking === 1,
    womenOnly: r.women_only === 1,
    status: r.status,
    stoppedAt: r.status === 'STOPPED' ? Number(r.updated_at) : null,
    createdAt: Number(r.created_at),
    driver: {
      id: r.driver_id,
      name: fullName(r.d_first_name, r.d_last_name),
      phone: r.d_phone,
      contactVisibility: r.d_contact_visibility,
      rating: ratingOf(r.d_rating_sum, r.d_rating_count),
      deleted: r.d_deleted_at !== null,
    },
  };
}

export async function findCommute(db: Executor, id: string): Promise<CommuteRecord | undefined> {
  const row = await commuteQuery(db).where('c.id', '=', id).executeTakeFirst();
  return row ? toCommuteRecord(row) : undefined;
}

/** Many commutes at once (a batch of materialisation jobs), in no particular order. */
export async function findCommutes(db: Executor, ids: readonly string[]): Promise<CommuteRecord[]> {
  if (ids.length === 0) return [];
  const rows = await commuteQuery(db).where('c.id', 'in', ids).execute();
  return rows.map(toCommuteRecord);
}

export async function listDriverCommutes(db: Executor, driverId: string): Promise<CommuteRecord[]> {
  const rows = await commuteQuery(db)
    .where('c.driver_id', '=', driverId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id')
    .execute();
  return rows.map(toCommuteRecord);
}

/** A commute's rides (not deleted) from a date on, soonest first. */
export async function listCommuteRides(
  db: Executor,
  commuteId: string,
  fromDate: string,
): Promise<RideRecord[]> {
  const rows = await rideQuery(db)
    .where('r.commute_id', '=', commuteId)
    .where('r.deleted_at', 'is', null)
    .where('r.departure_date', '>=', fromDate)
    .orderBy('r.departure_at')
    .execute();
  return withPoints(db, rows.map(toRideRecord));
}

/** The days a commute's ride was skipped (cancelled, or deleted), per direction, oldest first. */
export async function skippedCommuteDays(
  db: Executor,
  commuteId: string,
): Promise<{ direction: CommuteDirection; date: string }[]> {
  const rows = await db
    .selectFrom('rides')
    .select(['direction', 'departure_date'])
    .where('commute_id', '=', commuteId)
    .where((eb) => eb.or([eb('status', '=', 'CANCELLED'), eb('deleted_at', 'is not', null)]))
    .orderBy('departure_date')
    .execute();
  return rows.map((r) => ({ direction: r.direction!, date: r.departure_date }));
}

/** The commute's rides that run or ran (not skipped, not deleted), oldest first: the calendar's. */
export async function keptCommuteRides(db: Executor, commuteId: string) {
  const rows = await db
    .selectFrom('rides')
    .select(['id', 'direction', 'departure_date', 'departure_time', 'from_name', 'to_name'])
    .where('commute_id', '=', commuteId)
    .where('deleted_at', 'is', null)
    .where('status', '!=', 'CANCELLED')
    .orderBy('departure_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    direction: r.direction!,
    date: r.departure_date,
    time: r.departure_time,
    from: r.from_name,
    to: r.to_name,
  }));
}

export interface CommuteRideRow {
  id: string;
  commuteId: string;
  direction: CommuteDirection;
  departureDate: string;
  departureTime: string;
  departureAt: number;
}

/**
 * Inserts commutes' rides, many per statement; a ride whose commute, direction and date already exist
 * is skipped by the unique index rides_commute_day, so two processes (or a rerun) never make a second
 * one. Returns the rides this call inserted.
 */
export async function insertCommuteRides(
  db: Executor,
  rows: readonly Record<string, unknown>[],
): Promise<CommuteRideRow[]> {
  const inserted = await bulkInsert<{
    id: string;
    commute_id: string;
    direction: string;
    departure_date: string;
    departure_time: string;
    departure_at: number | string;
  }>(
    db,
    'rides',
    rows,
    'on conflict ("commute_id", "direction", "departure_date") where "commute_id" is not null do nothing ' +
      'returning "id", "commute_id", "direction", "departure_date", "departure_time", "departure_at"',
  );
  return inserted.map((r) => ({
    id: r.id,
    commuteId: r.commute_id,
    direction: r.direction as CommuteDirection,
    departureDate: r.departure_date,
    departureTime: r.departure_time,
    departureAt: Number(r.departure_at),
  }));
}

/** The points of rides just inserted, many per statement. */
export async function insertRidePoints(db: Executor, rows: Insertable<RidePointsTable>[]): Promise<void> {
  await bulkInsert(db, 'ride_points', rows);
}

/** The search grid's cells of rides just inserted (marketplace/ride-cells.ts), many per statement. */
export async function insertRideCells(db: Executor, rows: Insertable<RideCellsTable>[]): Promise<void> {
  if (rows.length > 0) await bulkInsert(db, 'ride_cells', rows);
}

/**
 * The commute's future rides nobody has ever booked (no booking row at all, so no history is lost):
 * an edit removes them and materialises them again as the commute now says.
 */
export async function unbookedFutureRides(db: Executor, commuteId: string, nowMs: number) {
  return db
    .selectFrom('rides as r')
    .select(['r.id', 'r.from_place_id', 'r.to_place_id', 'r.departure_date'])
    .where('r.commute_id', '=', commuteId)
    .where('r.deleted_at', 'is', null)
    .where('r.status', '=', 'ACTIVE')
    .where('r.departure_at', '>', nowMs)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('bookings as b').select('b.id').whereRef('b.ride_id', '=', 'r.id'))),
    )
    .execute();
}

/** Removes rides nobody ever booked, with their points (their reminder jobs find no ride and end). */
export async function deleteRides(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('ride_cells').where('ride_id', 'in', ids).execute();
  await db.deleteFrom('ride_points').where('ride_id', 'in', ids).execute();
  await db.deleteFrom('rides').where('id', 'in', ids).execute();
}

/** The commute's rides still to come that are ACTIVE (a stop cancels them). */
export async function activeFutureRideIds(db: Executor, commuteId: string, nowMs: number): Promise<string[]> {
  const rows = await db
    .selectFrom('rides')
    .select('id')
    .where('commute_id', '=', commuteId)
    .where('deleted_at', 'is', null)
    .where('status', '=', 'ACTIVE')
    .where('departure_at', '>', nowMs)
    .execute();
  return rows.map((r) => r.id);
}
