import { describe, expect, it } from 'vitest';
import { spotsNear } from '../rides/route-match.js';
import { cellsNear, routeCells } from './route-cells.js';
import { ALL_NEAR, nearMask } from './sub-cells.js';

/**
 * `near` is a superset test: every ride passing within the radius of a place has a grid row, in a cell
 * near the place, whose sub-cells meet the ones the search asks that cell for. Checked on random routes
 * around Indian cities, with route matching itself (route-match.ts) saying which pass within the radius.
 */
/** Whether route matching (route-match.ts) finds a spot of the route within `radiusKm` of the place. */
function passesWithin(
  points: { lat: number; lng: number; at: number }[],
  place: { lat: number; lng: number },
  radiusKm: number,
) {
  const route = points.map((p) => ({
    ...p,
    placeId: null,
    placeName: '',
    kmFromStart: null,
    seatsToNext: 1,
  }));
  return spotsNear(route, { name: '', spots: [place], placeIds: new Set() }, radiusKm).length > 0;
}

/** A small deterministic generator, so a failure can be run again. */
function random(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

describe('where a route passes inside its cells', () => {
  it('finds every route passing within the radius, and leaves out most that pass further away', () => {
    const next = random(7);
    let near = 0;
    let far = 0;
    let farRead = 0;
    for (let i = 0; i < 3000; i += 1) {
      const place = { lat: 8 + next() * 25, lng: 70 + next() * 20 };
      const radiusKm = [1, 5, 10, 25, 50][i % 5]!;
      const spread = [0.05, 0.3, 1.5][i % 3]!;
      const points = [0, 1, 2].map((k) => ({
        lat: place.lat + (next() - 0.5) * spread * 2,
        lng: place.lng + (next() - 0.5) * spread * 2,
        at: k * 3_600_000,
      }));
      const asked = new Set(cellsNear(place.lat, place.lng, radiusKm));
      const read = routeCells(points).some(
        (c) =>
          asked.has(c.cell) && Number(BigInt(c.near) & BigInt(nearMask(c.cell, [place], radiusKm))) !== 0,
      );
      if (passesWithin(points, place, radiusKm)) {
        near += 1;
        expect(
          read,
          `route ${JSON.stringify(points)} passes within ${radiusKm} km of ${JSON.stringify(place)}`,
        ).toBe(true);
      } else if (!passesWithin(points, place, radiusKm + 5)) {
        far += 1;
        if (read) farRead += 1;
      }
    }
    expect(near).toBeGreaterThan(300);
    expect(far).toBeGreaterThan(300);
    // Within 5 km past the radius a row may still be read (samples, sub-cells); further out rarely.
    expect(farRead / far).toBeLessThan(0.15);
  });

  it('asks a cell only for its sub-cells within reach of the place', () => {
    const mumbai = { lat: 19.076, lng: 72.8777 };
    const cells = cellsNear(mumbai.lat, mumbai.lng, 10);
    const masks = cells.map((cell) => nearMask(cell, [mumbai], 10));
    const bits = (m: number) => m.toString(2).replace(/0/g, '').length;
    expect(masks.some((m) => m > 0 && m < ALL_NEAR)).toBe(true);
    // A 10 km circle (and the margin) is well under half of the cells that may hold its rides.
    const wanted = masks.reduce((sum, m) => sum + bits(m), 0);
    expect(wanted / (cells.length * bits(ALL_NEAR))).toBeLessThan(0.5);
    expect(nearMask(cells[0]!, [], 10)).toBe(0);
  });
});
