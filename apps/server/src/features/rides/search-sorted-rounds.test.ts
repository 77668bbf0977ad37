import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { bengaluruMysuruRides } from '../../test/grid-rides.js';
import { call } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * Filters sorted by price or rating read the boarding rows a round at a time (decision 028). Here more
 * rides than a round holds leave Bengaluru the same minute, so a round of fixed size could never get
 * past that minute: the round must grow there, and the page must still be the cheapest of them all.
 */
const CROWD = 2_200;
const DATE = '2026-12-10';

let ctx: TestContext;
let searcher: TestUser;
const prices = new Map<string, number>();

beforeAll(async () => {
  ctx = await createTestApp();
  searcher = await createUser(ctx);
  const driver = await createUser(ctx);
  const corridor = await bengaluruMysuruRides(ctx.db, ctx.clock.now());
  for (let i = 0; i < CROWD + 3; i += 1) {
    // The crowd at 08:00, three later ones; every price distinct, in no order of time.
    const time = i < CROWD ? '08:00' : `${9 + i - CROWD}:00`.padStart(5, '0');
    const price = 100 + ((i * 7919) % (CROWD + 3));
    const ride = corridor.add({
      driver_id: driver.id,
      departure_date: DATE,
      departure_time: time,
      price_per_seat: price,
    });
    prices.set(ride.id, price);
  }
  await corridor.insert();
}, 120_000);
afterAll(() => ctx.close());

describe('GET /api/rides/filter sorted by price, more rides at one minute than a round reads', () => {
  it('answers every page as a slice of all the rides sorted by price', async () => {
    const cheapest = [...prices].sort((a, b) => a[1] - b[1]).map(([id]) => id);
    for (const page of [1, 2, 50]) {
      const res = await call(
        ctx,
        'GET',
        `/api/rides/filter?from=Bengaluru&to=Mysuru&date=${DATE}&sort=price&limit=20&page=${page}`,
        searcher,
      );
      expect(res.status).toBe(200);
      const ids = (res.body.data as { id: string }[]).map((r) => r.id);
      expect(ids).toEqual(cheapest.slice(20 * (page - 1), 20 * page));
    }
  }, 60_000);
});
