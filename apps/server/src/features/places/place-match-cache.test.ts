import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { call, offerRide } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { PlaceMatchCache } from './place-match-cache.js';

describe('PlaceMatchCache', () => {
  it('keeps answers for ttlMs, and forgets all of them on clear', () => {
    let t = 0;
    const cache = new PlaceMatchCache({ ttlMs: 5_000, monotonicNow: () => t });
    cache.set('pune', ['p1']);
    expect(cache.get('pune')).toEqual(['p1']);
    t += 5_000;
    expect(cache.get('pune')).toBeUndefined();
    cache.set('pune', ['p1']);
    cache.clear();
    expect(cache.get('pune')).toBeUndefined();
  });

  it('stays within its bound', () => {
    const cache = new PlaceMatchCache({ max: 3 });
    for (const term of ['a', 'b', 'c', 'd']) cache.set(term, [term]);
    expect(['a', 'b', 'c', 'd'].filter((term) => cache.get(term))).toEqual(['d']);
  });
});

describe('search with remembered place matches', () => {
  let ctx: TestContext;
  let driver: TestUser;
  let searcher: TestUser;
  beforeAll(async () => {
    ctx = await createTestApp();
    driver = await createUser(ctx);
    searcher = await createUser(ctx);
  });
  afterAll(() => ctx.close());

  const search = (from: string, to: string, date: string) =>
    call(
      ctx,
      'GET',
      `/api/rides/search?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&date=${date}`,
      searcher,
    );

  it('finds a ride to a place created after a search for it found nothing', async () => {
    const date = '2026-12-05';
    expect((await search('pune', 'zorawarpur', date)).body.data).toEqual([]); // "no such place", remembered
    const ride = await offerRide(ctx, driver, { from: 'Pune', to: 'Zorawarpur', departureDate: date });
    expect((await search('pune', 'zorawarpur', date)).body.data.map((r: { id: string }) => r.id)).toEqual([
      ride.id,
    ]);
    expect((await search('pune', 'zora', date)).body.data.map((r: { id: string }) => r.id)).toEqual([
      ride.id,
    ]);
  });
});
