import { sql } from 'kysely';
import { isPostgres, type Executor } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { writeRideCells } from './ride-cells.js';
import type { PlannedPoint } from './route-plan.js';

/** One point of a ride as stored (decision 019): index 0 is `from`, the last is `to`. */
export interface RidePoint {
  idx: number;
  place: string;
  placeId: string | null;
  lat: number | null;
  lng: number | null;
  date: string;
  time: string;
  at: number;
  estimated: boolean;
  kmFromStart: number | null;
  /** Seats free on the leg from here to the next point; null on the last point. */
  seatsToNext: number | null;
}

const nullableNumber = (v: number | string | null) => (v === null ? null : Number(v));

// The same statement as for many rides, with one: SQLite plans `ride_id in (?)` once and for all, where a
// `ride_id = ?` in its place was compiled again on every run (rides/ride-lookup.test.ts).
const pointsOfRideQuery = prepared((db: Executor, v: { rideId: string }) =>
  db
    .selectFrom('ride_points')
    .selectAll()
    .where('ride_id', 'in', [v.rideId])
    .orderBy('ride_id')
    .orderBy('idx'),
);

// Any number of rides in one statement of fixed text, compiled once: an IN list's text changes with its
// length, and a search asks for a different count every time.
const pointsOfManyQuery = prepared((db: Executor, v: { ids: string | readonly string[] }) =>
  db
    .selectFrom('ride_points')
    .selectAll()
    .where(
      isPostgres(db)
        ? sql<boolean>`ride_id = any(${v.ids}::text[])`
        : sql<boolean>`ride_id in (select value from json_each(${v.ids}))`,
    )
    .orderBy('ride_id')
    .orderBy('idx'),
);

/** A stored row of ride_points (or the same row as JSON, PostgreSQL's json_agg) as a point. */
export function toRidePoint(r: {
  idx: number;
  place_name: string;
  place_id: string | null;
  lat: number | string | null;
  lng: number | string | null;
  departure_date: string;
  departure_time: string;
  at: number | string;
  estimated: number;
  km_from_start: number | string | null;
  seats_to_next: number | null;
}): RidePoint {
  return {
    idx: r.idx,
    place: r.place_name,
    placeId: r.place_id,
    lat: nullableNumber(r.lat),
    lng: nullableNumber(r.lng),
    date: r.departure_date,
    time: r.departure_time,
    at: Number(r.at),
    estimated: r.estimated === 1,
    kmFromStart: nullableNumber(r.km_from_start),
    seatsToNext: r.seats_to_next,
  };
}

/** The points of many rides at once (one index range per ride on the primary key), by ride id. */
export async function pointsOfRides(
  db: Executor,
  rideIds: readonly string[],
): Promise<Map<string, RidePoint[]>> {
  const byRide = new Map<string, RidePoint[]>();
  if (rideIds.length === 0) return byRide;
  const unique = [...new Set(rideIds)];
  // One ride (a booking, a ride's page) is the common case: a statement compiled once.
  const rows =
    unique.length === 1
      ? (await pointsOfRideQuery(db, { rideId: unique[0]! })).rows
      : (await pointsOfManyQuery(db, { ids: isPostgres(db) ? unique : JSON.stringify(unique) })).rows;
  for (const r of rows) {
    const list = byRide.get(r.ride_id) ?? [];
    list.push(toRidePoint(r));
    byRide.set(r.ride_id, list);
  }
  return byRide;
}

/** A planned route as ride_points rows, every leg with `seats` free: a new ride's, or a commute's day. */
export function pointRows(rideId: string, points: readonly PlannedPoint[], seats: number) {
  return points.map((p, i) => ({
    ride_id: rideId,
    idx: p.idx,
    place_id: p.placeId,
    place_name: p.place,
    lat: p.lat,
    lng: p.lng,
    departure_date: p.date,
    departure_time: p.time,
    at: p.at,
    estimated: p.estimated ? 1 : 0,
    km_from_start: p.kmFromStart,
    seats_to_next: i < points.length - 1 ? seats : null,
  }));
}

/** What the search grid needs of a ride's points, planned or stored alike. */
const cellPoints = (
  points: readonly { lat: number | null; lng: number | null; at: number; date: string }[],
) => points.map((p) => ({ lat: p.lat, lng: p.lng, at: p.at, departure_date: p.date }));

/**
 * Writes a ride's points, replacing any it had; every leg starts with `seats` free (the caller
 * recomputes the legs from the bookings when some hold seats).
 */
export async function writeRidePoints(
  db: Executor,
  rideId: string,
  points: readonly PlannedPoint[],
  seats: number,
): Promise<void> {
  await db.deleteFrom('ride_points').where('ride_id', '=', rideId).execute();
  await db
    .insertInto('ride_points')
    .values(pointRows(rideId, points, seats))
    .execute();
  // The route on the search grid goes with its points, in the same transaction (decision 020).
  await writeRideCells(db, rideId, cellPoints(points));
}

/** A ride listed again (reactivated) goes back on the search grid from its stored points. */
export async function redrawRideCells(db: Executor, rideId: string): Promise<void> {
  const points = (await pointsOfRides(db, [rideId])).get(rideId) ?? [];
  await writeRideCells(db, rideId, cellPoints(points));
}
