/**
 * Where a passenger boards and leaves a ride found along the way (contract section 7, decision 020): the
 * exact work done, in code, for the few rides the grid (route-cells.ts) gives as candidates.
 */
import { between, nearestOnSegment, timeAt } from '../marketplace/leg-geometry.js';

export interface MatchPoint {
  placeId: string | null;
  placeName: string;
  lat: number | null;
  lng: number | null;
  /** When the ride is there, UTC ms. */
  at: number;
  kmFromStart: number | null;
  /** Seats free on the leg starting here; null on the last point. */
  seatsToNext: number | null;
}

/** A searched place: where it is (when known) and which stored places its name matches. */
export interface SearchedPlace {
  name: string;
  spots: readonly { lat: number; lng: number }[];
  placeIds: ReadonlySet<string>;
  /**
   * Where the stored places of `placeIds` can be, as far as the gazetteer knows: a point at one of them
   * with coordinates lies in that spot's cell, so the grid finds it there (matched by name, not by
   * distance), and only points without coordinates are read by name. Absent when not worked out (too
   * many places matched): every point at those places is read by name.
   */
  namedSpots?: readonly { lat: number; lng: number }[];
}

export interface RouteMatch {
  fromStop: number;
  toStop: number;
  board: Spot;
  leave: Spot;
  /** Distance along the route between boarding and leaving, km; null when coordinates are missing. */
  segmentKm: number | null;
  availableSeats: number;
}

export interface Spot {
  /** Position along the route: leg k at share t of it is k + t (point i is i). */
  position: number;
  /** How far the searched place is from where the passenger boards or leaves, km. */
  distanceKm: number;
  at: number;
  /** The point's place when it is one of the ride's points; else the searched place. */
  placeName: string;
}

const known = (p: MatchPoint): p is MatchPoint & { lat: number; lng: number } =>
  p.lat !== null && p.lng !== null;

/** Every spot of the route within radiusKm of the place, at most one per leg, plus its points by name. */
export function spotsNear(points: readonly MatchPoint[], place: SearchedPlace, radiusKm: number): Spot[] {
  const spots: Spot[] = [];
  for (let leg = 0; leg + 1 < points.length; leg += 1) {
    const a = points[leg]!;
    const b = points[leg + 1]!;
    if (!known(a) || !known(b)) continue;
    let best: { t: number; km: number } | undefined;
    for (const spot of place.spots) {
      const near = nearestOnSegment(spot, a, b);
      if (!best || near.km < best.km) best = near;
    }
    if (best && best.km <= radiusKm) spots.push(spotAt(points, leg + best.t, best.km, place));
  }
  points.forEach((p, i) => {
    if (p.placeId !== null && place.placeIds.has(p.placeId)) spots.push(spotAt(points, i, 0, place));
    else if (known(p) && place.spots.length) {
      // A point next to a point without coordinates has no line through it: measured on its own.
      const km = Math.min(...place.spots.map((s) => nearestOnSegment(s, p, p).km));
      if (km <= radiusKm) spots.push(spotAt(points, i, km, place));
    }
  });
  return spots;
}

function spotAt(points: readonly MatchPoint[], position: number, km: number, place: SearchedPlace): Spot {
  const k = Math.floor(position);
  const t = position - k;
  const a = points[k]!;
  const b = points[Math.min(k + 1, points.length - 1)]!;
  const atPoint = t === 0 ? a : t === 1 ? b : undefined;
  return {
    position,
    distanceKm: km,
    at: timeAt(a.at, b.at, t),
    placeName: atPoint?.placeName ?? place.name,
  };
}

/** Km from the start at a position; null when the points around it have no distance. */
function kmAt(points: readonly MatchPoint[], position: number): number | null {
  const k = Math.floor(position);
  const b = points[Math.min(k + 1, points.length - 1)]!;
  return between(points[k]!.kmFromStart, b.kmFromStart, position - k);
}

/**
 * The best way to ride from `from` to `to` on this route: boarding before leaving, boarding still ahead
 * of `nowMs`, `passengers` seats free on every leg ridden (a spot on a line counts as its whole leg);
 * the nearest (sum of both distances), then the earliest boarding. Undefined when there is none.
 */
export function matchRoute(
  points: readonly MatchPoint[],
  search: { from: SearchedPlace; to: SearchedPlace; radiusKm: number; passengers: number; nowMs: number },
): RouteMatch | undefined {
  const boards = spotsNear(points, search.from, search.radiusKm).filter((s) => s.at > search.nowMs);
  if (boards.length === 0) return undefined;
  const leaves = spotsNear(points, search.to, search.radiusKm);
  let best: RouteMatch | undefined;
  for (const board of boards) {
    for (const leave of leaves) {
      if (leave.position <= board.position) continue;
      const fromStop = Math.floor(board.position);
      const toStop = Math.ceil(leave.position);
      let seats = Infinity;
      for (let leg = fromStop; leg < toStop; leg += 1) seats = Math.min(seats, points[leg]!.seatsToNext ?? 0);
      if (seats < search.passengers) continue;
      const score = board.distanceKm + leave.distanceKm;
      if (best) {
        const bestScore = best.board.distanceKm + best.leave.distanceKm;
        if (score > bestScore || (score === bestScore && board.position >= best.board.position)) continue;
      }
      const [kmBoard, kmLeave] = [kmAt(points, board.position), kmAt(points, leave.position)];
      const segmentKm = kmBoard === null || kmLeave === null ? null : kmLeave - kmBoard;
      best = { fromStop, toStop, board, leave, segmentKm, availableSeats: seats };
    }
  }
  return best;
}

/** A segment's price per seat: max(1, round(price x segment km / route km)); the whole price without km. */
export function segmentPrice(pricePerSeat: number, segmentKm: number | null, routeKm: number | null): number {
  if (segmentKm === null || !routeKm) return pricePerSeat;
  return Math.max(1, Math.round((pricePerSeat * segmentKm) / routeKm));
}
