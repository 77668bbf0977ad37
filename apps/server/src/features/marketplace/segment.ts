import { distanceKm, locatePlace, normalizePlace } from '../places/index.js';
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
 * The point of the straight line from a to b nearest to a place, as a share t of the line (0 at a, 1 at
 * b): an equirectangular plane around the line, exact enough at the length of a leg (decision 019).
 */
export function shareAlongLeg(
  a: { lat: number; lng: number },
  b: { lat: number; lng: number },
  p: { lat: number; lng: number },
): number {
  const cos = Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  const bx = (b.lng - a.lng) * cos;
  const by = b.lat - a.lat;
  const px = (p.lng - a.lng) * cos;
  const py = p.lat - a.lat;
  const length2 = bx * bx + by * by;
  if (length2 === 0) return 0;
  return Math.min(1, Math.max(0, (px * bx + py * by) / length2));
}

/**
 * Boarding (or leaving) near `searched` on the leg between two consecutive points: at the nearest point
 * of the line, its time and kilometres interpolated. Without a searched place with coordinates (or
 * with the leg's points lacking them), it is the `at` point itself.
 */
export function endOnLeg(at: RidePoint, other: RidePoint | undefined, searched: string | null): SegmentEnd {
  const own: SegmentEnd = { place: at.place, at: at.at, kmFromStart: at.kmFromStart, distanceKm: 0 };
  if (!searched || !other || normalizePlace(searched) === normalizePlace(at.place)) return own;
  const p = locatePlace(searched);
  if (!p || at.lat === null || at.lng === null || other.lat === null || other.lng === null) {
    return { ...own, place: searched, distanceKm: null };
  }
  const a = { lat: at.lat, lng: at.lng };
  const b = { lat: other.lat, lng: other.lng };
  const t = shareAlongLeg(a, b, p);
  const lat = a.lat + (b.lat - a.lat) * t;
  const lng = a.lng + (b.lng - a.lng) * t;
  const legKm = distanceKm(a.lat, a.lng, b.lat, b.lng);
  const km = at.kmFromStart === null ? null : at.kmFromStart + Math.sign(other.idx - at.idx) * legKm * t;
  return {
    place: p.name,
    at: Math.round((at.at + (other.at - at.at) * t) / 60_000) * 60_000,
    kmFromStart: km,
    distanceKm: Math.round(distanceKm(p.lat, p.lng, lat, lng) * 10) / 10,
  };
}

export interface ResolvedSegment {
  fromStop: number;
  toStop: number;
  pickup: SegmentEnd;
  drop: SegmentEnd;
  pricePerSeat: number;
}

/**
 * A segment of a ride from point `fromStop` to point `toStop` (the legs between hold its seats), with
 * the places the passenger searched placed on its first and last legs, priced by the kilometres between
 * boarding and leaving (CONTRACT.md section 7). Indexes are the caller's to check.
 */
export function resolveSegment(
  points: readonly RidePoint[],
  routeKm: number | null,
  pricePerSeat: number,
  s: { fromStop: number; toStop: number; pickupPlace: string | null; dropPlace: string | null },
): ResolvedSegment {
  const pickup = endOnLeg(points[s.fromStop]!, points[s.fromStop + 1], s.pickupPlace);
  const drop = endOnLeg(points[s.toStop]!, points[s.toStop - 1], s.dropPlace);
  return {
    fromStop: s.fromStop,
    toStop: s.toStop,
    pickup,
    drop,
    pricePerSeat: segmentPrice(pricePerSeat, routeKm, pickup.kmFromStart, drop.kmFromStart),
  };
}
