import type { CommuteDirection } from '@saathchalo/shared';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import { pointRows } from '../marketplace/ride-points.js';
import { planRoute, type PointInput } from '../marketplace/route-plan.js';
import { findOrCreatePlace, locatePlace } from '../places/index.js';
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
  const point = (place: { id: string; name: string }, time: string | null): PointInput => {
    const at = locatePlace(place.name);
    return { place: place.name, placeId: place.id, time, lat: at?.lat ?? null, lng: at?.lng ?? null };
  };
  const stops = [];
  for (const s of c.stops) stops.push(await findOrCreatePlace(db, deps.placeMatches, s.place, nowMs));
  const from = { id: c.fromPlaceId, name: c.from };
  const to = { id: c.toPlaceId, name: c.to };
  return {
    OUTBOUND: [point(from, null), ...stops.map((s, i) => point(s, c.stops[i]!.time)), point(to, null)],
    RETURN: [point(to, null), ...[...stops].reverse().map((s) => point(s, null)), point(from, null)],
  };
}

/** A ride of the commute on one date and direction, with its points (planned as an offer's are). */
export function commuteRide(
  c: CommuteRecord,
  direction: CommuteDirection,
  date: string,
  time: string,
  inputs: readonly PointInput[],
  nowMs: number,
) {
  const plan = planRoute(date, time, inputs);
  // A stop time out of order was refused when the commute was saved; estimated times cannot be.
  if (!plan.ok) throw new Error(`commute ${c.id}: ${plan.message}`);
  const out = direction === 'OUTBOUND';
  const id = newId();
  const ride = {
    id,
    driver_id: c.driverId,
    from_place_id: out ? c.fromPlaceId : c.toPlaceId,
    to_place_id: out ? c.toPlaceId : c.fromPlaceId,
    from_name: out ? c.from : c.to,
    to_name: out ? c.to : c.from,
    departure_date: date,
    departure_time: time,
    departure_at: plan.points[0]!.at,
    total_seats: c.seats,
    available_seats: c.seats,
    price_per_seat: c.pricePerSeat,
    car_model: c.carModel,
    car_number: c.carNumber,
    additional_info: c.additionalInfo,
    instant_booking: c.instantBooking ? 1 : 0,
    status: 'ACTIVE' as const,
    deleted_at: null,
    created_at: nowMs,
    updated_at: nowMs,
    distance_km: plan.distanceKm,
    commute_id: c.id,
    direction,
  };
  const points = pointRows(id, plan.points, c.seats);
  return { ride, points };
}
