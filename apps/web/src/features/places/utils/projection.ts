import type { LatLng } from './geo';

export interface Projected {
  x: number;
  y: number;
}

/**
 * Points of a route in a `width` × `height` box, to scale: equirectangular (longitude shrunk by the cosine
 * of the route's middle latitude, which over a few hundred km is within a percent of the real shape), one
 * scale for both axes, centred, `pad` kept free for the labels. North is up.
 */
export function project(points: readonly LatLng[], width: number, height: number, pad: number): Projected[] {
  if (points.length === 0) return [];
  const lats = points.map((p) => p.lat);
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const k = Math.cos((midLat * Math.PI) / 180);
  const xs = points.map((p) => p.lng * k);
  const ys = points.map((p) => -p.lat);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const scale = Math.min(
    spanX > 0 ? (width - 2 * pad) / spanX : Infinity,
    spanY > 0 ? (height - 2 * pad) / spanY : Infinity,
  );
  const s = Number.isFinite(scale) ? scale : 0;
  const offX = (width - spanX * s) / 2;
  const offY = (height - spanY * s) / 2;
  return xs.map((x, i) => ({ x: offX + (x - minX) * s, y: offY + (ys[i]! - minY) * s }));
}
