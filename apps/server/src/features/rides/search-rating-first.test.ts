import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { bengaluruMysuruRides } from '../../test/grid-rides.js';
import { call } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * Filters sorted by rating match their candidates best rated first and never match those rated below a
 * full page (decision 036). The page must still be the slice of every ride in the page's order: rating,
 * then departure, then id, with the rides rated as the page's last one kept for their departure.
 */
const DATE = '2026-12-11';
/** Ratings of the drivers, twice 4.5 and twice 3 so ties cross the pages' edges. */
const RATINGS = [4.9, 4.5, 4.5, 4.2, 3.8, 3, 3, 2.5, 0];
/** More rides than a batch matches at once (candidate-matching.ts BATCH), so later batches are cut. */
const RIDES_EACH = 40;

let ctx: TestContext;
let searcher: TestUser;
const rides: { id: string; rating: number; time: string; price: number }[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  searcher = await createUser(ctx);
  const corridor = await bengaluruMysuruRides(ctx.db, ctx.clock.now());
  for (const [d, rating] of RATINGS.entries()) {
    const driver = await createUser(ctx);
    const count = rating === 0 ? 0 : 10;
    await ctx.db
      .updateTable('users')
      .set({ rating_sum: rating * count, rating_count: count })
      .where('id', '=', driver.id)
      .execute();
    for (let i = 0; i < RIDES_EACH; i += 1) {
      // Drivers' times interleave, so a rating's rides are spread over the day.
      const minutes = 5 * 60 + ((i * 23 + d * 7) % (17 * 60));
      const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      const price = 150 + ((i * 37 + d * 11) % 400);
      const ride = corridor.add({
        driver_id: driver.id,
        departure_date: DATE,
        departure_time: time,
        price_per_seat: price,
      });
      rides.push({ id: ride.id, rating, time, price });
    }
  }
  await corridor.insert();
}, 60_000);
afterAll(() => ctx.close());

/** Every ride in the page's order when sorted by rating. */
const byRating = (list: typeof rides) =>
  [...list]
    .sort((a, b) => b.rating - a.rating || a.time.localeCompare(b.time) || (a.id < b.id ? -1 : 1))
    .map((r) => r.id);

async function filterIds(query: string): Promise<string[]> {
  const res = await call(
    ctx,
    'GET',
    `/api/rides/filter?from=Bengaluru&to=Mysuru&date=${DATE}&sort=rating&${query}`,
    searcher,
  );
  expect(res.status).toBe(200);
  return (res.body.data as { id: string }[]).map((r) => r.id);
}

describe('GET /api/rides/filter sorted by rating', () => {
  it('answers every page as a slice of all the rides by rating, ties in departure order', async () => {
    const all = byRating(rides);
    for (const page of [1, 2, 3, 18]) {
      expect(await filterIds(`limit=20&page=${page}`)).toEqual(all.slice(20 * (page - 1), 20 * page));
    }
  });

  it('keeps a page whose last ride shares its rating with rides boarding earlier on the next', async () => {
    // 40 rides rated 4.9, then 80 rated 4.5: a page of 50 ends inside the 4.5s, which the first batch
    // of 100 candidates does not hold all of.
    const all = byRating(rides);
    expect(await filterIds('limit=50&page=1')).toEqual(all.slice(0, 50));
    expect(await filterIds('limit=50&page=2')).toEqual(all.slice(50, 100));
  });

  it('leaves out the rides whose price is below a least price, and only those', async () => {
    const least = rides[7]!.price;
    const dear = byRating(rides.filter((r) => r.price >= least));
    expect(dear.length).toBeLessThan(rides.length);
    for (const page of [1, 2, 5]) {
      const ids = await filterIds(`limit=20&page=${page}&minPrice=${least}`);
      expect(ids).toEqual(dear.slice(20 * (page - 1), 20 * page));
    }
  });
});
