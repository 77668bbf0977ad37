import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tooManyRequests } from '../../test/accounts.js';
import { createUser } from '../../test/factories.js';
import { call, dateSequence, offerRide, rideBody } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('offering rides, per account and 15 minutes', () => {
  it('takes 50 rides offered, then answers 429 with Retry-After, for that account only', async () => {
    const driver = await createUser(ctx);
    const other = await createUser(ctx);
    const nextDate = dateSequence();
    // Far more than a week of rides there and back, offered one by one.
    for (let day = 0; day < 25; day += 1) {
      const departureDate = nextDate();
      await offerRide(ctx, driver, { departureDate, departureTime: '08:30' });
      await offerRide(ctx, driver, {
        departureDate,
        from: 'Mysuru',
        to: 'Bengaluru',
        departureTime: '18:00',
      });
    }
    const more = await ctx.app.inject({
      method: 'POST',
      url: '/api/rides/offer',
      headers: driver.auth,
      payload: rideBody(),
    });
    expect(more.statusCode).toBe(429);
    expect(more.json()).toEqual(tooManyRequests);
    expect(more.headers['retry-after']).toMatch(/^\d+$/);
    expect((await offerRide(ctx, other)).status).toBe('ACTIVE');
  });
});

describe('editing rides, per account and 15 minutes', () => {
  it('takes 60 edits, then answers 429 with Retry-After, for that account only', async () => {
    const driver = await createUser(ctx);
    const other = await createUser(ctx);
    const ride = await offerRide(ctx, driver);
    const edit = (who: typeof driver, rideId: string, n: number) =>
      call(ctx, 'PUT', `/api/rides/${rideId}/update`, who, rideBody({ pricePerSeat: 200 + n }));
    for (let n = 0; n < 60; n += 1) expect((await edit(driver, ride.id, n)).status).toBe(200);
    const more = await edit(driver, ride.id, 60);
    expect(more.status).toBe(429);
    expect(more.body).toEqual(tooManyRequests);
    const hers = await offerRide(ctx, other);
    expect((await edit(other, hers.id, 1)).status).toBe(200);
  });
});
