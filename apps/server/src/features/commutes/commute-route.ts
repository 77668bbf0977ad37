import { addDays, type CommuteDirection } from '@saathchalo/shared';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import { pointRows } from '../marketplace/ride-points.js';
import { planRoute, type PlannedPoint, type PointInput } from '../marketplace/route-plan.js';
import { findOrCreatePlace } from '../places/index.js';
import { locatedPoints } from '../rides/index.js';
import type { CommuteRecord } from './commutes.repo.js';

export type RouteDeps = Pick<AppDeps, 'placeMatches'>;

/**
 * The points of a commute's two trips: outbound from, its stops (with their typed times), to; the
 * return trip the same places reversed, its stop times estimated (the typed ones are the morning's).
 */
export async function commutePointInputs(
  deps: RouteDeps,
  db: Executor,
  c: CommuteRecord,
  nowMs: number,
): Promise<Record<CommuteDirection, PointInput[]>> {
  const stops = [];
  for (const s of c.stops) stops.push(await findOrCreatePlace(db, deps.placeMatches, s.place, nowMs));
  const from = { id: c.fromPlaceId, name: c.from };
  const to = { id: c.toPlaceId, name: c.to };
  // Placed as an offer's are (rides/ride-route.ts); the return passes the same spots in reverse.
  const outbound = locatedPoints(
    from,
    stops.map((place, i) => ({ place, time: c.stops[i]!.time })),
    to,
  );
  return {
    OUTBOUND: outbound,
    RETURN: [...outbound].reverse().map((p) => ({ ...p, time: null })),
  };
}

const DAY_MS = 86_400_000;

/**
 * A trip of the commute planned once, on `date`: its other dates are the same plan whole days later
 * (IST has no daylight saving), so materialising 14 days plans each direction once, not once a day.
 */
export function planTrip(
  c: CommuteRecord,
  date: string,
  time: string,
  inputs: readonly PointInput[],
): PlannedPoint[] {
  const plan = planRoute(date, time, inputs);
  // A stop time out of order was refused when the commute was saved; estimated times cannot be.
  if (!plan.ok) throw new Error(`commute ${c.id}: ${plan.message}`);
  return plan.points;
}

/** The planned points `days` later: the dates of a trip past midnight move with it. */
function shifted(points: readonly PlannedPoint[], days: number): PlannedPoint[] {
  if (days === 0) return [...points];
  return points.map((p) => ({ ...p, at: p.at + days * DAY_MS, date: addDaysCached(p.date, days) }));
}

const shiftedDates = new Map<string, string>();
function addDaysCached(date: string, days: number): string {
  const key = `${date}|${days}`;
  let out = shiftedDates.get(key);
  if (out === undefined) {
    if (shiftedDates.size > 10_000) shiftedDates.clear();
    out = addDays(date, days);
    shiftedDates.set(key, out);
  }
  return out;
}

/** Whole days from one IST date to another. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * A ride of the commute in one direction, `days` after the date its trip was planned on (planTrip), with
 * its points as an offer's are.
 */
export function commuteRide(
  c: CommuteRecord,
  direction: CommuteDirection,
  trip: { points: readonly PlannedPoint[]; time: string },
  days: number,
  nowMs: number,
) {
  const planned = shifted(trip.points, days);
  const out = direction === 'OUTBOUND';
  const id = newId();
  const first = planned[0]!;
  const ride = {
    id,
    driver_id: c.driverId,
    from_place_id: out ? c.fromPlaceId : c.toPlaceId,
    to_place_id: out ? c.toPlaceId : c.fromPlaceId,
    from_name: out ? c.from : c.to,
    to_name: out ? c.to : c.from,
    departure_date: first.date,
    departure_time: trip.time,
    departure_at: first.at,
    total_seats: c.seats,
    available_seats: c.seats,
    price_per_seat: c.pricePerSeat,
    car_model: c.carModel,
    car_number: c.carNumber,
    additional_info: c.additionalInfo,
    instant_booking: c.instantBooking ? 1 : 0,
    women_only: c.womenOnly ? 1 : 0,
    status: 'ACTIVE' as const,
    deleted_at: null,
    created_at: nowMs,
    updated_at: nowMs,
    distance_km: planned[planned.length - 1]!.kmFromStart,
    commute_id: c.id,
    direction,
  };
  const points = pointRows(id, planned, c.seats);
  return { ride, points };
}
