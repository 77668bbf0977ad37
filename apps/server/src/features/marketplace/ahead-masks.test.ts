import { describe, expect, it } from 'vitest';
import { masksOf, type AheadMasks } from './ahead-masks.js';
import { cellsNear, routeCells } from './route-cells.js';

/**
 * The masks of a grid row say where its ride goes next, as seen from the row's cell (decision 034); a
 * search reads a row only where they meet the masks of the cells near `to` seen from the same cell. They
 * are a superset test: every ride that passes near `to` later must be read, and as few others as can be.
 */
type Place = { lat: number; lng: number };
const at = (lat: number, lng: number): Place => ({ lat, lng });
const PLACES = {
  mumbai: at(19.076, 72.8777),
  thane: at(19.2183, 72.9781),
  pune: at(18.5204, 73.8567),
  nashik: at(19.9975, 73.7898),
  surat: at(21.1702, 72.8311),
  vadodara: at(22.3072, 73.1812),
  ahmedabad: at(23.0225, 72.5714),
  rajkot: at(22.3039, 70.8022),
  delhi: at(28.6139, 77.209),
  jaipur: at(26.9124, 75.7873),
  koramangala: at(12.9352, 77.6245),
  whitefield: at(12.9698, 77.75),
  electronicCity: at(12.8452, 77.6602),
};

/** As SQL tests them, in 64 bits (JavaScript's `&` keeps 32): the sets meet in either column. */
const meet = (a: AheadMasks, b: AheadMasks) =>
  (BigInt(a.fine) & BigInt(b.fine)) !== 0n || (BigInt(a.coarse) & BigInt(b.coarse)) !== 0n;

/** Each grid row of a ride through `points`: its cell and the masks of the cells from there on. */
function rowsOf(...points: Place[]) {
  const cells = routeCells(points.map((p, i) => ({ ...p, at: i * 3_600_000 })));
  return cells.map((c) => {
    const ahead = cells.filter((o) => o.until >= c.at).map((o) => o.cell);
    return { cell: c.cell, ahead, masks: masksOf(ahead, c.cell) };
  });
}
const searched = (place: Place, seenFrom: number) => masksOf(cellsNear(place.lat, place.lng, 10), seenFrom);
type Row = ReturnType<typeof rowsOf>[number];
const readBy = (row: Row, to: Place) => meet(row.masks, searched(to, row.cell));
/** Whether the ride still passes a cell near `to` from this row on: such a row must be read. */
const goesNear = (row: Row, to: Place) => cellsNear(to.lat, to.lng, 10).some((c) => row.ahead.includes(c));

describe('where a ride goes next (ahead masks)', () => {
  it('a ride is read from every row it still passes near `to` from, on short city trips and long ones', () => {
    for (const [route, to] of [
      [[PLACES.mumbai, PLACES.surat, PLACES.vadodara, PLACES.ahmedabad], PLACES.vadodara],
      [[PLACES.mumbai, PLACES.surat], PLACES.surat],
      [[PLACES.delhi, PLACES.jaipur], PLACES.jaipur],
      [[PLACES.pune, PLACES.mumbai], PLACES.thane],
      [[PLACES.whitefield, PLACES.koramangala, PLACES.electronicCity], PLACES.koramangala],
      [[PLACES.whitefield, PLACES.electronicCity], PLACES.electronicCity],
    ] as const) {
      const rows = rowsOf(...route);
      expect(goesNear(rows[0]!, to)).toBe(true);
      for (const row of rows.filter((r) => goesNear(r, to))) expect(readBy(row, to)).toBe(true);
    }
  });

  it('a ride leaving Mumbai for Pune, Nashik or Surat is not read by a search from Mumbai to Vadodara or Rajkot', () => {
    for (const towards of [PLACES.pune, PLACES.nashik, PLACES.surat]) {
      const [first] = rowsOf(PLACES.mumbai, towards);
      for (const to of [PLACES.vadodara, PLACES.rajkot]) expect(readBy(first!, to)).toBe(false);
    }
  });

  it('a ride from Whitefield to Electronic City is not read by a search from Whitefield to Thane', () => {
    const [first] = rowsOf(PLACES.whitefield, PLACES.electronicCity);
    expect(readBy(first!, PLACES.thane)).toBe(false);
  });

  it('every cell within two rows and columns has a bit of its own, and every later cell a bit', () => {
    const origin = cellsNear(PLACES.mumbai.lat, PLACES.mumbai.lng, 0)[0]!;
    const near = new Set<number>();
    for (let r = -2; r <= 2; r += 1)
      for (let c = -2; c <= 2; c += 1) near.add(masksOf([origin + r * 1800 + c], origin).fine);
    expect(near.size).toBe(25);
    for (const d of [3, 5, 8, 13, 21, 34, 200]) {
      const far = masksOf([origin + d * 1800], origin);
      expect(far.fine + far.coarse).toBeGreaterThan(0);
    }
  });

  it('on random routes across India, every row that still passes near a random place on the way is read', () => {
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const somewhere = () => at(8 + random() * 26, 70 + random() * 18);
    const nearby = (p: Place, km: number) =>
      at(p.lat + ((random() - 0.5) * km) / 55, p.lng + ((random() - 0.5) * km) / 55);
    let checked = 0;
    for (let i = 0; i < 300; i += 1) {
      const start = somewhere();
      const points = [start];
      for (let k = 1 + Math.floor(random() * 4); k > 0; k -= 1)
        points.push(nearby(points.at(-1)!, 40 + random() * 600));
      const rows = rowsOf(...points);
      const to = nearby(points[1 + Math.floor(random() * (points.length - 1))]!, 15);
      for (const row of rows.filter((r) => goesNear(r, to))) {
        expect(readBy(row, to)).toBe(true);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
