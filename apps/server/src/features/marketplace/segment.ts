import { MSG, RADIUS_KM_MAX } from '@saathchalo/shared';
import { locatePlace, normalizePlace } from '../places/index.js';
import { between, nearestOnSegment, timeAt } from './leg-geometry.js';
import type { RidePoint } from './ride-points.js';
import { segmentPrice } from './route-plan.js';

/** Where a passenger boards or leaves: a point of the ride, or a place on the leg after (or before) it. */
export interface SegmentEnd {
  place: string;
  at: number;
  /** Kilometres from the ride's start; null without coordinates. */
  kmFromStart: number | null;
  /** How far the searched place is from where the passenger boards or leaves (0 at the point itself). */
  distanceKm: number | null;
}

/**
 * Boarding (or leaving) near `searched` on the leg between two consecutive points: at the nearest point
 * of the line, its time and kilometres interpolated. Without a searched place with coordinates (or
 * with the leg's points lacking them), it is the `at` point itself. `offLeg` when the place lies past
 * the leg's other end, where search would have named the next segment (rides/route-match.ts).
 */
export function endOnLeg(
  at: RidePoint,
  other: RidePoint | undefined,
  searched: string | null,
): SegmentEnd & { offLeg: boolean } {
  const own = { place: at.place, at: at.at, kmFromStart: at.kmFromStart, distanceKm: 0, offLeg: false };
  if (!searched || !other || normalizePlace(searched) === normalizePlace(at.place)) return own;
  const p = locatePlace(searched);
  // Search can only have matched such a place by name, at the point itself.
  if (!p || at.lat === null || at.lng === null || other.lat === null || other.lng === null) return own;
  // Measured in the route's direction, as search measures it, whichever end of the leg `at` is.
  const [a, b] = other.idx > at.idx ? [at, other] : [other, at];
  const { t, km } = nearestOnSegment(p, { lat: a.lat!, lng: a.lng! }, { lat: b.lat!, lng: b.lng! });
  const distanceKm = Math.round(km * 10) / 10;
  const point = t === 0 ? a : t === 1 ? b : undefined;
  if (point) {
    const { place, at: time, kmFromStart } = point;
    return { place, at: time, kmFromStart, distanceKm, offLeg: point === other };
  }
  return {
    place: p.name,
    // Shown and kept by the minute, as search shows it (istTime).
    at: Math.floor(timeAt(a.at, b.at, t) / 60_000) * 60_000,
    kmFromStart: between(a.kmFromStart, b.kmFromStart, t),
    distanceKm,
    offLeg: false,
  };
}

export interface ResolvedSegment {
  fromStop: number;
  toStop: number;
  pickup: SegmentEnd;
  drop: SegmentEnd;
  pricePerSeat: number;
}

/** Why the searched places cannot be this segment's ends: the field and its text, or null when they can. */
export type SegmentProblem = { field: 'pickupPlace' | 'dropPlace'; message: string } | null;

/**
 * A segment of a ride from point `fromStop` to point `toStop` (the legs between hold its seats), with
 * the places the passenger searched placed on its first and last legs, priced by the kilometres between
 * boarding and leaving (CONTRACT.md section 7). Indexes are the caller's to check; the places are checked
 * here against what search could have shown: on those legs, within its widest radius.
 */
export function resolveSegment(
  points: readonly RidePoint[],
  routeKm: number | null,
  pricePerSeat: number,
  s: { fromStop: number; toStop: number; pickupPlace: string | null; dropPlace: string | null },
): ResolvedSegment & { problem: SegmentProblem } {
  const { offLeg: pickupOff, ...pickup } = endOnLeg(
    points[s.fromStop]!,
    points[s.fromStop + 1],
    s.pickupPlace,
  );
  const { offLeg: dropOff, ...drop } = endOnLeg(points[s.toStop]!, points[s.toStop - 1], s.dropPlace);
  return {
    fromStop: s.fromStop,
    toStop: s.toStop,
    pickup,
    drop,
    pricePerSeat: segmentPrice(pricePerSeat, routeKm, pickup.kmFromStart, drop.kmFromStart),
    problem: problemOf(pickup, pickupOff, drop, dropOff),
  };
}

function problemOf(
  pickup: SegmentEnd,
  pickupOff: boolean,
  drop: SegmentEnd,
  dropOff: boolean,
): SegmentProblem {
  if (pickupOff) return { field: 'pickupPlace', message: MSG.pickupPastLeg };
  if ((pickup.distanceKm ?? 0) > RADIUS_KM_MAX) return { field: 'pickupPlace', message: MSG.placeOffRoute };
  if (dropOff) return { field: 'dropPlace', message: MSG.dropBeforeLeg };
  if ((drop.distanceKm ?? 0) > RADIUS_KM_MAX) return { field: 'dropPlace', message: MSG.placeOffRoute };
  return null;
}
