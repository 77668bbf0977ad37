import { MSG, type StopInput } from '@saathchalo/shared';
import type { Executor } from '../../db/database.js';
import { fieldError } from '../../lib/errors.js';
import { planRoute, type PlannedPoint, type PointInput } from '../marketplace/route-plan.js';
import {
  findOrCreatePlace,
  locatePlace,
  samePlaceName,
  type Located,
  type PlaceMatchCache,
} from '../places/index.js';

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
 * `from` and `to` differ, and so does each point from the one before it, as places: the schema compares
 * the typed text, this also knows a city's old and new names (section 4: Bangalore is Bengaluru), and sees
 * the stops an edit keeps. Reported where the schema reports it.
 */
export function assertDistinctPlaces(input: Pick<RouteInput, 'from' | 'to' | 'stops'>): void {
  if (samePlaceName(input.from, input.to)) throw fieldError('to', MSG.samePlace);
  let previous = input.from;
  input.stops.forEach((stop, i) => {
    if (samePlaceName(previous, stop.place)) throw fieldError(`stops.${i}.place`, MSG.stopSameAsNeighbour);
    previous = stop.place;
  });
  if (samePlaceName(previous, input.to)) throw fieldError('to', MSG.stopSameAsNeighbour);
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
  const stops = [];
  for (const stop of input.stops) {
    stops.push({ place: await findOrCreatePlace(db, placeMatches, stop.place, nowMs), time: stop.time });
  }
  const inputs = locatedPoints(from, stops, to);
  const plan = planRoute(input.departureDate, input.departureTime, inputs);
  if (!plan.ok) throw fieldError(`stops.${plan.index - 1}.time`, plan.message);
  return { from, to, points: plan.points, distanceKm: plan.distanceKm };
}

type Place = { id: string; name: string };

/**
 * A route's points placed by the gazetteer: its ends as named, each stop whose name has several places at
 * the one nearest the middle of its ends (Maddur between Bengaluru and Mysuru is Karnataka's). A
 * commute's trips are placed so too.
 */
export function locatedPoints(
  from: Place,
  stops: readonly { place: Place; time: string | null | undefined }[],
  to: Place,
): PointInput[] {
  const point = (place: Place, time: string | null, near?: Located): PointInput => {
    const at = locatePlace(place.name, near);
    return { place: place.name, placeId: place.id, time, lat: at?.lat ?? null, lng: at?.lng ?? null };
  };
  const start = point(from, null);
  const end = point(to, null);
  const middle = midpoint(start, end);
  return [start, ...stops.map((s) => point(s.place, s.time ?? null, middle)), end];
}

/** Where a ride's stops are looked for when a name has several places: between its ends. */
function midpoint(a: PointInput, b: PointInput): Located | undefined {
  if (a.lat === null || a.lng === null || b.lat === null || b.lng === null) return undefined;
  return { lat: (a.lat + b.lat) / 2, lng: (a.lng + b.lng) / 2 };
}
