import { istDate, istTime, type PlaceAt, type RideStop } from '@saathchalo/shared';
import type { RidePoint } from './ride-points.js';

/** A ride's `stops` (CONTRACT.md section 7): every point, `from` first and `to` last. */
export function presentStops(points: readonly RidePoint[]): RideStop[] {
  return points.map((p) => ({
    index: p.idx,
    place: p.place,
    time: p.time,
    date: p.date,
    lat: p.lat,
    lng: p.lng,
    estimated: p.estimated,
    seatsToNext: p.seatsToNext,
  }));
}

/** Where and when: a stored place and instant, or else the point's own. */
export function placeAt(place: string | null, atMs: number | null, point: RidePoint | undefined): PlaceAt {
  const at = atMs ?? point?.at ?? 0;
  return { place: place ?? point?.place ?? '', date: istDate(at), time: istTime(at) };
}
