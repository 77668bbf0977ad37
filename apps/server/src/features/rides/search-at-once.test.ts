import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { call, dateSequence, offerRide } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * Searches asked at the same moment pass the search gates (one at a time on SQLite; on PostgreSQL filters
 * sorted by price or rating four at a time: decision 030); every one is answered with its own rides.
 */
let ctx: TestContext;
let searcher: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  searcher = await createUser(ctx);
});
afterAll(() => ctx.close());

describe('searches at once', () => {
  it('answers eighteen searches and filters that nothing kept, sent together, each with its own rides', async () => {
    const nextDate = dateSequence();
    const driver = await createUser(ctx);
    const days = Array.from({ length: 6 }, () => nextDate());
    const offered = new Map<string, string[]>();
    for (const [i, day] of days.entries()) {
      const ids: string[] = [];
      for (const time of ['07:30', '18:00'].slice(0, 1 + (i % 2))) {
        ids.push((await offerRide(ctx, driver, { departureDate: day, departureTime: time })).id);
      }
      offered.set(day, ids);
    }
    // Each day asked three times: by name, along the way from Mandya, and sorted by price. None is kept.
    const asked = days.flatMap((day) => [
      { day, path: `/api/rides/search?from=Bengaluru&to=Mysuru&date=${day}` },
      { day, path: `/api/rides/search?from=Mandya&to=Mysuru&date=${day}&radiusKm=10` },
      { day, path: `/api/rides/filter?from=Bengaluru&to=Mysuru&date=${day}&sort=price` },
    ]);
    const answers = await Promise.all(asked.map((a) => call(ctx, 'GET', a.path, searcher)));
    for (const [i, res] of answers.entries()) {
      expect(res.status).toBe(200);
      expect(res.body.data.map((r: { id: string }) => r.id)).toEqual(offered.get(asked[i]!.day));
    }
  });
});
