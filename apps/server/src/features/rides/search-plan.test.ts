import { CompiledQuery, type Compilable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, endPointRows, rideRow } from '../../test/factories.js';
import { call } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { testDatabaseKind } from '../../test/test-db.js';
import { newId } from '../../lib/ids.js';
import { normalizePlace, placeTerms, queryTerm } from '../places/place-names.js';
import { placeIdsMatchingQuery } from '../places/places.repo.js';

/**
 * Proves the place look-up of a search is an index lookup, not a scan, with 100,000 rides and 5,000 extra
 * places loaded, and that search stays fast among them (the rides by name through their points). The
 * search along the way itself: along-the-way-plan.test.ts.
 */
const RIDES = 100_000;
const EXTRA_PLACES = 5_000;
const BATCH = 1_000;
const DAYS = 30;

let ctx: TestContext;
let bengaluru: string;
let mysuru: string;

// A small deterministic generator, so every run loads the same data.
let seed = 42;
const rand = (n: number) => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed % n;
};

beforeAll(async () => {
  ctx = await createTestApp();
  const now = ctx.clock.now();
  const extra = Array.from({ length: EXTRA_PLACES }, (_, i) => {
    const name = `Gram ${i} Nagar`;
    return { id: newId(), name, norm: normalizePlace(name), builtin: 0, ride_count: 0, created_at: now };
  });
  for (let i = 0; i < extra.length; i += BATCH)
    await ctx.db
      .insertInto('places')
      .values(extra.slice(i, i + BATCH))
      .execute();
  const terms = extra.flatMap((p) => placeTerms(p.name).map((term) => ({ term, place_id: p.id })));
  for (let i = 0; i < terms.length; i += BATCH)
    await ctx.db
      .insertInto('place_terms')
      .values(terms.slice(i, i + BATCH))
      .execute();

  const places = await ctx.db.selectFrom('places').select(['id', 'name', 'norm']).execute();
  bengaluru = places.find((p) => p.norm === 'bengaluru')!.id;
  mysuru = places.find((p) => p.norm === 'mysuru')!.id;
  const drivers = [];
  for (let i = 0; i < 50; i += 1) drivers.push((await createUser(ctx)).id);

  let rows = [];
  for (let i = 0; i < RIDES; i += 1) {
    const from = places[rand(places.length)]!;
    let to = places[rand(places.length)]!;
    if (to.id === from.id) to = places[(places.indexOf(from) + 1) % places.length]!;
    const date = `2026-12-${String(1 + rand(DAYS)).padStart(2, '0')}`;
    const time = `${String(rand(24)).padStart(2, '0')}:${String(rand(4) * 15).padStart(2, '0')}`;
    const seats = 1 + rand(8);
    rows.push(
      rideRow(now, {
        driver_id: drivers[rand(drivers.length)]!,
        from_place_id: from.id,
        to_place_id: to.id,
        from_name: from.name,
        to_name: to.name,
        departure_date: date,
        departure_time: time,
        total_seats: seats,
        available_seats: rand(seats + 1),
        price_per_seat: 100 + rand(900),
        instant_booking: rand(2),
        status: rand(10) === 0 ? 'CANCELLED' : 'ACTIVE',
      }),
    );
    if (rows.length === BATCH) {
      await ctx.db.insertInto('rides').values(rows).execute();
      rows = [];
    }
  }
  // Some rides on the route the test searches, as in real life, with their points (found by name).
  await ctx.db.insertInto('rides').values(rows).execute();
  rows = [];
  for (let i = 0; i < 40; i += 1) {
    const time = `${String(6 + (i % 14)).padStart(2, '0')}:00`;
    rows.push(rowFor(drivers[0]!, '2026-12-10', time));
  }
  await ctx.db.insertInto('rides').values(rows).execute();
  await ctx.db.insertInto('ride_points').values(rows.flatMap(endPointRows)).execute();
  // Fresh statistics, as autovacuum would have them on a live database.
  await ctx.db.executeQuery(CompiledQuery.raw('analyze'));

  function rowFor(driverId: string, date: string, time: string) {
    return rideRow(now, {
      driver_id: driverId,
      from_place_id: bengaluru,
      to_place_id: mysuru,
      from_name: 'Bengaluru',
      to_name: 'Mysuru',
      departure_date: date,
      departure_time: time,
    });
  }
}, 300_000);
afterAll(() => ctx.close());

async function plan(query: Compilable): Promise<string> {
  const compiled = query.compile();
  if (testDatabaseKind === 'postgres') {
    const res = await ctx.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
    );
    return res.rows.map((r) => r['QUERY PLAN']).join('\n');
  }
  const res = await ctx.db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
  );
  return res.rows.map((r) => r.detail).join('\n');
}

describe(`search query plans with ${RIDES.toLocaleString('en-IN')} rides (${testDatabaseKind})`, () => {
  it('finds places through an index range over place_terms', async () => {
    const text = await plan(placeIdsMatchingQuery(ctx.db, queryTerm('Bangalore')));
    if (testDatabaseKind === 'postgres') {
      expect(text).toMatch(/Index (Only )?Scan using place_terms_pk on place_terms/);
      expect(text).not.toMatch(/Seq Scan/);
    } else {
      expect(text).toMatch(/SEARCH place_terms USING (COVERING )?INDEX .*\(term>\? AND term<\?\)/);
      expect(text).not.toMatch(/SCAN place_terms/);
    }
  });

  it('answers a search over HTTP quickly', async () => {
    const user = await createUser(ctx);
    const url = '/api/rides/search?from=bangalore&to=mysore&date=2026-12-10&passengers=1&limit=20';
    const first = await call(ctx, 'GET', url, user);
    expect(first.status).toBe(200);
    expect(first.body.data.length).toBeGreaterThanOrEqual(20);
    const times: number[] = [];
    for (let i = 0; i < 50; i += 1) {
      const t0 = performance.now();
      await call(ctx, 'GET', url, user);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const median = times[25]!;
    console.info(
      `search over ${RIDES} rides on ${testDatabaseKind}: median ${median.toFixed(2)} ms, p95 ${times[47]!.toFixed(2)} ms`,
    );
    // Generous: the machine is shared; a scan of 100,000 rides would take far longer than this.
    expect(median).toBeLessThan(200);
  });
});
