import { CELL_DEG, gridPosition, SUB, withBit } from './route-cells.js';

/*
 * What a search asks of the sub-cells a route passes in a cell (route-cells.ts `near`, decision 028).
 * A cell (about 22 km) is far wider than a 10 km search radius, so most rides crossing the cells around
 * a searched place never come near it. Each cell is cut into SUB x SUB sub-cells (about 3 km), and each
 * ride_cells row carries `near`, one bit for every sub-cell its route's samples fall in. A search asks
 * each cell for the sub-cells within reach of the place (`nearMask`) and reads only rows sharing one: a
 * superset test, as the route is then matched exactly (route-match.ts).
 */

/** Every sub-cell: a row whose route is not known inside its cell (drawn before `near` existed). */
export const ALL_NEAR = 2 ** (SUB * SUB) - 1;

/**
 * Routes are sampled every STEP_DEG (route-cells.ts): a point of the route lies within half a step in
 * each axis of a sample, under 2 km. A sub-cell is wanted when it comes within the radius and this.
 */
const MARGIN_KM = 3;
const KM_PER_DEG_LAT = 110.574;
const KM_PER_DEG_LNG = 111.32;
const SUB_DEG = CELL_DEG / SUB;

/**
 * The sub-cells of `cell` that a route passing within `radiusKm` of one of `spots` can have a sample in,
 * measured in the flat projection around each spot that route matching uses. 0 when none: the cell
 * cannot hold such a ride.
 */
export function nearMask(
  cell: number,
  spots: readonly { lat: number; lng: number }[],
  radiusKm: number,
): number {
  const { row, col } = gridPosition(cell);
  const south = row * CELL_DEG - 90;
  const west = col * CELL_DEG - 180;
  const reach = radiusKm + MARGIN_KM;
  let mask = 0;
  for (let r = 0; r < SUB; r += 1) {
    for (let c = 0; c < SUB; c += 1) {
      const lat = [south + r * SUB_DEG, south + (r + 1) * SUB_DEG] as const;
      const lng = [west + c * SUB_DEG, west + (c + 1) * SUB_DEG] as const;
      if (spots.some((s) => distanceToBox(s, lat, lng) <= reach)) mask = withBit(mask, r * SUB + c);
    }
  }
  return mask;
}

function distanceToBox(
  s: { lat: number; lng: number },
  lat: readonly [number, number],
  lng: readonly [number, number],
): number {
  const kx = KM_PER_DEG_LNG * Math.cos((s.lat * Math.PI) / 180);
  // Across the antimeridian the nearer copy of the box counts.
  let dLng = Math.max(lng[0] - s.lng, 0, s.lng - lng[1]);
  dLng = Math.min(dLng, Math.max(lng[0] + 360 - s.lng, 0, s.lng - lng[1] - 360));
  const dLat = Math.max(lat[0] - s.lat, 0, s.lat - lat[1]);
  return Math.hypot(dLng * kx, dLat * KM_PER_DEG_LAT);
}

/** The bits in either set. */
export function unionOf(a: number, b: number): number {
  return Number(BigInt(a) | BigInt(b));
}
