import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR } from '@saathchalo/shared';
import { LIMITS } from '../../plugins/rate-limit.js';
import { tooManyRequests } from '../../test/accounts.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { call, dateSequence, offerRide } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const nextDate = dateSequence();
const updateStats = (user: TestUser, id = user.id) =>
  ctx.app.inject({ method: 'POST', url: `/api/ratings/user/${id}/update-stats`, headers: user.auth });

describe('POST /api/ratings/user/{id}/update-stats', () => {
  it("refuses another user's statistics with 403, and lets the user update their own", async () => {
    const owner = await createUser(ctx);
    const other = await createUser(ctx);
    const refused = await updateStats(other, owner.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      data: null,
      message: ERR.notAuthorizedStatsUpdate,
      error: ERR.notAuthorizedStatsUpdate,
      code: 'NOT_OWN_STATS',
    });
    expect(ERR.notAuthorizedStatsUpdate).toBe('You can only update your own rating statistics');
    expect((await updateStats(owner)).statusCode).toBe(200);
  });

  it('allows a few updates per user, then answers 429 with Retry-After in the envelope', async () => {
    const user = await createUser(ctx);
    for (let i = 0; i < LIMITS.statsUpdatesPerUser; i += 1)
      expect((await updateStats(user)).statusCode).toBe(200);
    const blocked = await updateStats(user);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(tooManyRequests);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The count is the user's, not the address's: someone else behind the same IP is not held up.
    expect((await updateStats(await createUser(ctx))).statusCode).toBe(200);
  });

  it('forgets only the kept search pages that show the user', async () => {
    const date = nextDate();
    const user = await createUser(ctx);
    const otherDriver = await createUser(ctx);
    const rater = await createUser(ctx);
    const own = await offerRide(ctx, user, { from: 'Pune', to: 'Nashik', departureDate: date });
    const others = await offerRide(ctx, otherDriver, { from: 'Jaipur', to: 'Ajmer', departureDate: date });
    const search = async (from: string, to: string) => {
      const res = await call(ctx, 'GET', `/api/rides/search?from=${from}&to=${to}&date=${date}`, rater);
      expect(res.status).toBe(200);
      return res.body.data[0] as { pricePerSeat: number; driver: { rating: number } };
    };
    expect((await search('Pune', 'Nashik')).driver.rating).toBe(0);
    expect((await search('Jaipur', 'Ajmer')).pricePerSeat).toBe(250);
    const kept = ctx.app.deps.searchCache.stats().pages;

    // Written behind the app's back, so only a page computed afresh can show them.
    await ctx.db
      .insertInto('ratings')
      .values({
        id: `r-${user.id}`,
        ride_id: own.id,
        rater_id: rater.id,
        ratee_id: user.id,
        rating: 5,
        comment: null,
        created_at: ctx.clock.now(),
      })
      .execute();
    await ctx.db.updateTable('rides').set({ price_per_seat: 999 }).where('id', '=', others.id).execute();

    expect((await updateStats(user)).statusCode).toBe(200);
    expect(ctx.app.deps.searchCache.stats().pages).toBe(kept - 1);
    expect((await search('Pune', 'Nashik')).driver.rating).toBe(5);
    expect((await search('Jaipur', 'Ajmer')).pricePerSeat).toBe(250);
  });
});
