/**
 * Where a place lies against one leg of a route: the one computation search and booking share, so a
 * booking made with the places search showed is priced and timed exactly as search showed it.
 */
const KM_PER_DEG_LAT = 110.574;
const KM_PER_DEG_LNG = 111.32;

/**
 * The nearest spot of segment a-b to p, as a share t of the way from a (0 at a, 1 at b) and its distance
 * from p in km, in a flat projection centred on p (exact enough within the 50 km a search may reach;
 * distances further away only need to be large).
 */
export function nearestOnSegment(
  p: { lat: number; lng: number },
  a: { lat: number; lng: number },
  b: { lat: number; lng: number },
): { t: number; km: number } {
  const kx = KM_PER_DEG_LNG * Math.cos((p.lat * Math.PI) / 180);
  const [ax, ay] = [(a.lng - p.lng) * kx, (a.lat - p.lat) * KM_PER_DEG_LAT];
  const [bx, by] = [(b.lng - p.lng) * kx, (b.lat - p.lat) * KM_PER_DEG_LAT];
  const [dx, dy] = [bx - ax, by - ay];
  const length2 = dx * dx + dy * dy;
  const t = length2 === 0 ? 0 : Math.min(1, Math.max(0, -(ax * dx + ay * dy) / length2));
  return { t, km: Math.hypot(ax + t * dx, ay + t * dy) };
}

/** A value at share t between two points' values; null when either has none. */
export function between(a: number | null, b: number | null, t: number): number | null {
  return a === null || b === null ? null : a + (b - a) * t;
}

/** When the ride is at share t of a leg, to the millisecond (shown and compared by the minute). */
export const timeAt = (a: number, b: number, t: number): number => Math.round(a + (b - a) * t);
