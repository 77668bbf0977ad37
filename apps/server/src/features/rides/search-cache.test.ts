import { describe, expect, it } from 'vitest';
import { cellsNear } from '../marketplace/route-cells.js';
import { SearchCache, type PageScope, type SearchPage } from './search-cache.js';

const NOW = 1_000_000;
const page = (
  rides: string[] = ['{"id":"r1"}'],
  firstDepartureAt = NOW + 3_600_000,
  driverIds = rides.map(() => 'd1'),
): SearchPage => ({
  gzip: Buffer.from(`[${rides.join(',')}]`),
  driverIds,
  flagOffsets: rides.map(() => 0),
  firstDepartureAt,
});
/** A page boarding at these places (the `to` side does not scope a page: every ride listed boards here). */
const scope = (from: string[], _to: string[] = [], date = '2026-12-01', cells: number[] = []): PageScope => ({
  cells,
  placeIds: from,
  date,
});
/** A ride through these places (no coordinates) on a date. */
const ride = (places: string[], date: string) => ({
  departureDate: date,
  points: places.map((placeId) => ({ lat: null, lng: null, placeId, date })),
});

function cache(options: Partial<ConstructorParameters<typeof SearchCache>[0]> = {}) {
  let t = 0;
  const c = new SearchCache({ ttlMs: 60_000, maxBytes: 1_000_000, monotonicNow: () => t, ...options });
  return { c, tick: (ms: number) => (t += ms) };
}

describe('SearchCache', () => {
  it('keeps a page until a ride through one of its boarding places changes on its date', () => {
    const { c } = cache();
    c.set('k', scope(['mumbai', 'navi'], ['pune']), c.mark(), page(), NOW);
    expect(c.get('k', NOW)).toBeDefined();
    c.ridesChanged([ride(['mumbai', 'pune'], '2026-12-02')]);
    c.ridesChanged([ride(['thane', 'pune'], '2026-12-01')]);
    expect(c.get('k', NOW)).toBeDefined();
    c.ridesChanged([ride(['navi', 'pune'], '2026-12-01')]);
    expect(c.get('k', NOW)).toBeUndefined();
  });

  it('never keeps a page whose query ran while a change was committed', () => {
    const { c } = cache();
    const since = c.mark();
    c.ridesChanged([ride(['a', 'b'], '2026-12-01')]);
    c.set('k', scope(['a'], ['b']), since, page(), NOW);
    expect(c.get('k', NOW)).toBeUndefined();
    c.set('k', scope(['a'], ['b']), c.mark(), page(), NOW);
    expect(c.get('k', NOW)).toBeDefined();
  });

  it('keeps a page until a ride whose route crosses its boarding cells changes on its date', () => {
    const { c } = cache();
    const mandya = cellsNear(12.5223, 76.8975, 10);
    c.set('k', scope([], [], '2026-12-01', mandya), c.mark(), page(), NOW);
    const through = (date: string, from: [number, number], to: [number, number]) => ({
      departureDate: date,
      points: [from, to].map(([lat, lng]) => ({ lat, lng, placeId: null, date })),
    });
    c.ridesChanged([through('2026-12-01', [28.61, 77.21], [26.91, 75.79])]); // Delhi to Jaipur
    c.ridesChanged([through('2026-12-02', [12.97, 77.59], [12.3, 76.64])]); // another day
    expect(c.get('k', NOW)).toBeDefined();
    c.ridesChanged([through('2026-12-01', [12.97, 77.59], [12.3, 76.64])]); // Bengaluru to Mysuru
    expect(c.get('k', NOW)).toBeUndefined();
  });

  it('voids every page of its date for a ride given without its points', () => {
    const { c } = cache();
    c.set('k', scope(['a']), c.mark(), page(), NOW);
    c.ridesChanged([{ departureDate: '2026-12-02', points: [] }]);
    expect(c.get('k', NOW)).toBeDefined();
    c.ridesChanged([{ departureDate: '2026-12-01', points: [] }]);
    expect(c.get('k', NOW)).toBeUndefined();
  });

  it('voids a page over many places on any change on its date', () => {
    const { c } = cache();
    const many = Array.from({ length: 70 }, (_, i) => `p${i}`);
    c.set('k', scope(many, many), c.mark(), page(), NOW);
    c.ridesChanged([ride(['x', 'y'], '2026-12-02')]);
    expect(c.get('k', NOW)).toBeDefined();
    c.ridesChanged([ride(['x', 'y'], '2026-12-01')]);
    expect(c.get('k', NOW)).toBeUndefined();
  });

  it('forgets everything when something every page may show changed', () => {
    const { c } = cache();
    const since = c.mark();
    c.set('k', scope(['a'], ['b']), since, page(), NOW);
    c.everythingChanged();
    expect(c.get('k', NOW)).toBeUndefined();
    c.set('k', scope(['a'], ['b']), since, page(), NOW);
    expect(c.get('k', NOW)).toBeUndefined();
    expect(c.stats().pages).toBe(0);
  });

  it("forgets only the pages listing a driver's rides when that driver changes, also one queried meanwhile", () => {
    const { c } = cache();
    const rides = ['{"id":"r1"}', '{"id":"r2"}'];
    c.set('theirs', scope(['a'], ['b']), c.mark(), page(rides, NOW + 3_600_000, ['d1', 'd2']), NOW);
    c.set('others', scope(['a'], ['b']), c.mark(), page(rides, NOW + 3_600_000, ['d1', 'd3']), NOW);
    const since = c.mark();
    c.driverChanged('d2');
    expect(c.get('theirs', NOW)).toBeUndefined();
    expect(c.get('others', NOW)).toBeDefined();
    expect(c.stats().pages).toBe(1);
    c.set('theirs', scope(['a'], ['b']), since, page(rides, NOW + 3_600_000, ['d2']), NOW);
    expect(c.get('theirs', NOW)).toBeUndefined();
    c.set('theirs', scope(['a'], ['b']), c.mark(), page(rides, NOW + 3_600_000, ['d2']), NOW);
    expect(c.get('theirs', NOW)).toBeDefined();
  });

  it('stops serving a page once its soonest ride has departed, and after its time to live', () => {
    const { c, tick } = cache();
    c.set('k', scope(['a'], ['b']), c.mark(), page(['{"id":"r1"}'], NOW + 1_000), NOW);
    expect(c.get('k', NOW + 999)).toBeDefined();
    expect(c.get('k', NOW + 1_000)).toBeUndefined();
    c.set('k', scope(['a'], ['b']), c.mark(), page([], Infinity), NOW);
    tick(59_999);
    expect(c.get('k', NOW)).toBeDefined();
    tick(1);
    expect(c.get('k', NOW)).toBeUndefined();
  });

  it("forgets every page when another connection's commit moves the external version", () => {
    let version = 7;
    let reads = 0;
    const { c, tick } = cache({ externalCheckMs: 100, externalVersion: () => (reads++, version) });
    c.set('k', scope(['a'], ['b']), c.mark(), page(), NOW);
    expect(c.get('k', NOW)).toBeDefined();
    version = 8;
    tick(100);
    expect(c.get('k', NOW)).toBeUndefined();
    for (let i = 0; i < 50; i += 1) c.get('k', NOW);
    expect(reads).toBe(2);
  });

  it("keeps a page's bytes in memory of their own, not a slice of a shared pool block", () => {
    const { c } = cache();
    const kept = page();
    // Buffer.from of a short text is a slice of Node's shared pool: kept as it is, it would keep the
    // whole block (64 KB in Node 24) alive, uncounted by the bound.
    expect(kept.gzip.buffer.byteLength).toBeGreaterThan(kept.gzip.length);
    c.set('k', scope(['a'], ['b']), c.mark(), kept, NOW);
    const served = c.get('k', NOW)!;
    expect(served.gzip.equals(kept.gzip)).toBe(true);
    expect(served.gzip.byteOffset).toBe(0);
    expect(served.gzip.buffer.byteLength).toBe(served.gzip.length);
  });

  it('stays within its memory bound, forgetting the least recently used page first', () => {
    const ride = `{"id":"${'x'.repeat(200)}"}`;
    const { c } = cache({ maxBytes: 3_400 }); // four such pages
    for (const k of ['a', 'b', 'c', 'd', 'e'])
      c.set(k, scope(['a'], ['b']), c.mark(), page([ride, ride]), NOW);
    expect(c.stats()).toMatchObject({ pages: 4 });
    expect(c.stats().bytes).toBeLessThanOrEqual(3_400);
    expect(c.get('a', NOW)).toBeUndefined();
    expect(c.get('e', NOW)).toBeDefined();
    c.get('b', NOW);
    c.set('f', scope(['a'], ['b']), c.mark(), page([ride, ride]), NOW);
    expect(c.get('b', NOW)).toBeDefined();
    expect(c.get('c', NOW)).toBeUndefined();
  });
});
