import { MSG, istDate, istTime, istToUtcMs } from '@saathchalo/shared';
import { distanceKm } from '../places/index.js';

/**
 * The points of a ride, planned from its departure and its places (CONTRACT.md section 7, decision 019):
 * times (given, or estimated at AVERAGE_KMH along the great circle), kilometres from the start.
 */
export const AVERAGE_KMH = 40;

export interface PointInput {
  place: string;
  placeId: string | null;
  /** HH:mm IST as typed; null: estimated. Ignored on the first point (the departure). */
  time: string | null;
  lat: number | null;
  lng: number | null;
}

export interface PlannedPoint {
  idx: number;
  place: string;
  placeId: string | null;
  lat: number | null;
  lng: number | null;
  date: string;
  time: string;
  at: number;
  estimated: boolean;
  /** Null once a point before it (or itself) has no coordinates. */
  kmFromStart: number | null;
}

export type RoutePlan =
  | { ok: true; points: PlannedPoint[]; distanceKm: number | null }
  | { ok: false; index: number; message: string };

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * A typed time earlier than the departure's is on the next day; it must still come after the point
 * before it. A missing time is the leg at AVERAGE_KMH from the last point with coordinates (skipping any
 * without), not before the point before it, rounded up to the minute; a point without coordinates, which
 * cannot be measured, is placed evenly in time between the points around it (at the previous point's time
 * when nothing after it is known).
 */
export function planRoute(
  departureDate: string,
  departureTime: string,
  inputs: readonly PointInput[],
): RoutePlan {
  const ats = pointTimes(departureDate, departureTime, inputs);
  const points: PlannedPoint[] = [];
  let km: number | null = 0;
  inputs.forEach((input, idx) => {
    const previous = points[idx - 1];
    const leg = previous ? legKm(previous, input) : 0;
    km = km === null || leg === null ? null : km + leg;
    const at = ats[idx]!;
    points.push({
      idx,
      place: input.place,
      placeId: input.placeId,
      lat: input.lat,
      lng: input.lng,
      date: istDate(at),
      time: istTime(at),
      at,
      estimated: previous ? input.time === null : false,
      kmFromStart: km === null ? null : round1(km),
    });
  });
  const late = points.findIndex((p, i) => i > 0 && !p.estimated && p.at <= points[i - 1]!.at);
  if (late > 0) return { ok: false, index: late, message: MSG.stopTimeOrder };
  const last = points[points.length - 1]!;
  return { ok: true, points, distanceKm: last.kmFromStart };
}

const located = (p: PointInput) => p.lat !== null && p.lng !== null;

/** Each point's time, UTC ms: typed, or estimated as `planRoute` says. */
function pointTimes(departureDate: string, departureTime: string, inputs: readonly PointInput[]): number[] {
  const departureAt = istToUtcMs(departureDate, departureTime);
  const ats: number[] = [departureAt];
  let lastLocated = located(inputs[0]!) ? 0 : -1;
  for (let idx = 1; idx < inputs.length; idx += 1) {
    const input = inputs[idx]!;
    const from = lastLocated >= 0 && located(input) ? lastLocated : undefined;
    const leg = from === undefined ? null : legKm(inputs[from]!, input);
    const since = from === undefined ? ats[idx - 1]! : ats[from]!;
    ats.push(Math.max(ats[idx - 1]!, pointAt(departureDate, departureAt, since, input.time, leg)));
    if (located(input)) lastLocated = idx;
  }
  // Points without coordinates and without a typed time: evenly between the points around them.
  for (let idx = 1; idx < inputs.length; idx += 1) {
    if (located(inputs[idx]!) || inputs[idx]!.time !== null) continue;
    let next = idx;
    while (next < inputs.length && !located(inputs[next]!) && inputs[next]!.time === null) next += 1;
    if (next === inputs.length) break;
    const [start, end] = [ats[idx - 1]!, ats[next]!];
    for (let k = idx; k < next; k += 1) {
      ats[k] = Math.ceil((start + ((end - start) * (k - idx + 1)) / (next - idx + 1)) / MINUTE) * MINUTE;
    }
    idx = next;
  }
  return ats;
}

function pointAt(
  date: string,
  departureAt: number,
  previousAt: number,
  time: string | null,
  leg: number | null,
) {
  if (time !== null) {
    const sameDay = istToUtcMs(date, time);
    return sameDay < departureAt ? sameDay + DAY : sameDay;
  }
  const travel = ((leg ?? 0) / AVERAGE_KMH) * 60 * MINUTE;
  return Math.ceil((previousAt + travel) / MINUTE) * MINUTE;
}

function legKm(a: { lat: number | null; lng: number | null }, b: { lat: number | null; lng: number | null }) {
  if (a.lat === null || a.lng === null || b.lat === null || b.lng === null) return null;
  return distanceKm(a.lat, a.lng, b.lat, b.lng);
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * A segment's price per seat: the whole route's price by the share of the route's kilometres it covers,
 * rounded to the rupee, at least 1; the whole price when either end (or the route) has no distance.
 */
export function segmentPrice(
  pricePerSeat: number,
  routeKm: number | null,
  fromKm: number | null,
  toKm: number | null,
): number {
  if (routeKm === null || fromKm === null || toKm === null || routeKm <= 0) return pricePerSeat;
  return Math.max(1, Math.round((pricePerSeat * (toKm - fromKm)) / routeKm));
}
