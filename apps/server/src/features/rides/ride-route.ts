import type { StopInput } from '@saathchalo/shared';
import type { Executor } from '../../db/database.js';
import { fieldError } from '../../lib/errors.js';
import { planRoute, type PlannedPoint, type PointInput } from '../marketplace/route-plan.js';
import { findOrCreatePlace, locatePlace, type PlaceMatchCache } from '../places/index.js';

export interface RouteInput {
  from: string;
  to: string;
  stops: readonly StopInput[];
  departureDate: string;
  departureTime: string;
}

export interface PlannedRoute {
  from: { id: string; name: string };
  to: { id: string; name: string };
  points: PlannedPoint[];
  distanceKm: number | null;
}

/**
 * A ride's places (each kept in `places`, so it is found by name like any other) and its points with
 * coordinates from the gazetteer, times and kilometres (route-plan.ts). A stop time that does not come
 * after the point before it is the stop's validation error.
 */
export async function planRideRoute(
  db: Executor,
  placeMatches: PlaceMatchCache,
  input: RouteInput,
  nowMs: number,
): Promise<PlannedRoute> {
  const from = await findOrCreatePlace(db, placeMatches, input.from, nowMs);
  const to = await findOrCreatePlace(db, placeMatches, input.to, nowMs);
  const point = (place: { id: string; name: string }, time: string | null): PointInput => {
    const at = locatePlace(place.name);
    return { place: place.name, placeId: place.id, time, lat: at?.lat ?? null, lng: at?.lng ?? null };
  };
  const inputs = [point(from, null)];
  for (const stop of input.stops) {
    inputs.push(point(await findOrCreatePlace(db, placeMatches, stop.place, nowMs), stop.time));
  }
  inputs.push(point(to, null));
  const plan = planRoute(input.departureDate, input.departureTime, inputs);
  if (!plan.ok) throw fieldError(`stops.${plan.index - 1}.time`, plan.message);
  return { from, to, points: plan.points, distanceKm: plan.distanceKm };
}
