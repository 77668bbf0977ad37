import { CompiledQuery, type Compilable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istToUtcMs } from '@saathchalo/shared';
import { createUser, rideRow } from '../../test/factories.js';
import { addGridRide, insertGridRides, type GridRows } from '../../test/grid-rides.js';
import { call } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { testDatabaseKind } from '../../test/test-db.js';
import { boardingRowsQuery, sourcesOf } from './along-the-way.repo.js';
import { cellsNear } from '../marketplace/route-cells.js';

/**
 * Proves search along the way is an index lookup, not a scan, with 100,000 rides (a third with 1 to 4
 * stops, 15 to 400 km long) spread over India: the plan of the exact candidate statement, on SQLite and
 * PostgreSQL.
 */
const RIDES = 100_000;
const BATCH = 500;
const DAYS = 30;
const MANDYA = { lat: 12.5218, lng: 76.8951 };
const MYSURU = { lat: 12.2958, lng: 76.6394 };
const BENGALURU = { lat: 12.9716, lng: 77.5946 };

let ctx: TestContext;
let seed = 42;
const rand = (n: number) => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed % n;
};
const spot = () => ({ lat: 8 + rand(24_000) / 1000, lng: 69 + rand(20_000) / 1000 });
const within = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
/**
 * A trip a car is shared on: 15 to 400 km as the crow flies from a spot anywhere in India, its stops on
 * the way, a few km off the straight line. Ends drawn independently across India would make trips of
 * 1,000 km on average, 94 grid rows a ride: ten times the rows to write for the same plans.
 */
function trip(stops: number) {
  const from = spot();
  const km = 15 + rand(386);
  const bearing = (rand(360) * Math.PI) / 180;
  const to = {
    lat: within(from.lat + (km * Math.cos(bearing)) / 111, 8, 32),
    lng: within(from.lng + (km * Math.sin(bearing)) / (111 * Math.cos((from.lat * Math.PI) / 180)), 69, 89),
  };
  const onTheWay = Array.from({ length: stops }, (_, i) => {
    const f = (i + 1) / (stops + 1);
    return {
      lat: from.lat + (to.lat - from.lat) * f + (rand(101) - 50) / 1000,
      lng: from.lng + (to.lng - from.lng) * f + (rand(101) - 50) / 1000,
    };
  });
  return [from, ...onTheWay, to];
}

beforeAll(async () => {
  ctx = await createTestApp();
  const now = ctx.clock.now();
  const anywhere = (await ctx.db.selectFrom('places').select('id').limit(1).executeTakeFirstOrThrow()).id;
  const drivers: string[] = [];
  for (let i = 0; i < 50; i += 1) drivers.push((await createUser(ctx)).id);
  let batch: GridRows = { rides: [], points: [], cells: [] };
  const flush = async () => {
    await insertGridRides(ctx.db, batch);
    batch = { rides: [], points: [], cells: [] };
  };
  const add = (route: { lat: number; lng: number }[], date: string, hour: number) => {
    const seats = 1 + rand(7);
    const ride = rideRow(now, {
      driver_id: drivers[rand(drivers.length)]!,
      departure_date: date,
      departure_time: `${String(hour).padStart(2, '0')}:00`,
      from_place_id: anywhere,
      to_place_id: anywhere,
      from_name: 'Somewhere',
      to_name: 'Elsewhere',
      total_seats: seats,
      available_seats: seats,
    });
    addGridRide(batch, ride, route);
  };
  for (let i = 0; i < RIDES; i += 1) {
    const stops = i % 3 === 0 ? 1 + rand(4) : 0;
    add(trip(stops), `2026-12-${String(1 + rand(DAYS)).padStart(2, '0')}`, rand(24));
    if (batch.rides.length === BATCH) await flush();
  }
  // The route the test searches: Bengaluru to Mysuru without stops, found from Mandya.
  for (let i = 0; i < 40; i += 1) add([BENGALURU, MYSURU], '2026-12-10', 6 + (i % 14));
  await flush();
  await ctx.db.executeQuery(CompiledQuery.raw('analyze'));
}, 1_200_000);
afterAll(() => ctx.close());

async function plan(query: Compilable): Promise<string> {
  const compiled = query.compile();
  const prefix = testDatabaseKind === 'postgres' ? 'explain ' : 'explain query plan ';
  const res = await ctx.db.executeQuery<Record<string, string>>(
    CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]),
  );
  return res.rows.map((r) => r['QUERY PLAN'] ?? r.detail).join('\n');
}

describe(`search along the way with ${RIDES.toLocaleString('en-IN')} rides (${testDatabaseKind})`, () => {
  it('reads the grid near `from` in time order by its key, and the points by place, never scanning', async () => {
    const query = {
      fromCells: cellsNear(MANDYA.lat, MANDYA.lng, 10),
      fromPlaceIds: ['some-place'],
      fromUnplacedOnly: true,
      toCells: cellsNear(MYSURU.lat, MYSURU.lng, 10),
      toPlaceIds: ['other-place'],
      dates: ['2026-12-10'],
    };
    const since = istToUtcMs('2026-12-10', '00:00');
    const text = await plan(boardingRowsQuery(ctx.db, query, sourcesOf(query), since, 32));
    console.info(`along-the-way plan (${testDatabaseKind}):\n${text}`);
    if (testDatabaseKind === 'postgres') {
      expect(text).toMatch(/Index (Only )?Scan using ride_cells_time_pk on ride_cells/);
      expect(text).toMatch(/Index (Only )?Scan using ride_points_unplaced on ride_points/);
      expect(text).not.toMatch(/Seq Scan|Sort/);
    } else {
      expect(text).toMatch(/SEARCH f USING PRIMARY KEY \(cell=\? AND day=\? AND at>\?\)/);
      expect(text).toMatch(
        /SEARCH f USING (COVERING )?INDEX ride_points_unplaced \(place_id=\? AND departure_date=\? AND at>\?\)/,
      );
      expect(text).not.toMatch(/SCAN (ride_cells|ride_points|f|t)\b|TEMP B-TREE/);
    }
  });

  it('finds the Bengaluru to Mysuru rides from Mandya over HTTP, quickly', async () => {
    const user = await createUser(ctx);
    const url = '/api/rides/search?from=Mandya&to=Mysuru&date=2026-12-10&passengers=1&limit=20';
    const first = await call(ctx, 'GET', url, user);
    expect(first.status).toBe(200);
    expect(first.body.data.length).toBe(20);
    const times: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const t0 = performance.now();
      // Another page each time: answered by the database, not the kept pages.
      await call(ctx, 'GET', `${url}&radiusKm=${10 + (i % 20)}`, user);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.info(
      `along-the-way search, uncached, ${RIDES} rides on ${testDatabaseKind}: median ${times[15]!.toFixed(2)} ms`,
    );
    expect(times[15]).toBeLessThan(200);
  });
});
