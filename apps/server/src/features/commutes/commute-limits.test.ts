import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commuteBody, createCommute } from '../../test/commutes.js';
import { tooManyRequests } from '../../test/accounts.js';
import { createUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('commuter mode, per account and 15 minutes', () => {
  it('takes 10 standing bookings made and 10 ended, then answers 429 with Retry-After, for that account only', async () => {
    const driver = await createUser(ctx);
    const passenger = await createUser(ctx);
    const other = await createUser(ctx);
    const commute = await createCommute(ctx, driver, commuteBody({ days: ['MON'], returnTime: null }));
    const url = `/api/commutes/${commute.id}/subscriptions`;
    const make = (who = passenger) => ctx.app.inject({ method: 'POST', url, headers: who.auth, payload: {} });
    const end = () => ctx.app.inject({ method: 'DELETE', url: `${url}/mine`, headers: passenger.auth });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await make()).statusCode, (await end()).statusCode);
    expect(statuses).toEqual(Array.from({ length: 10 }, () => [201, 200]).flat());
    for (const more of [await make(), await end()]) {
      expect(more.statusCode).toBe(429);
      expect(more.json()).toEqual(tooManyRequests);
      expect(more.headers['retry-after']).toMatch(/^\d+$/);
    }
    expect((await make(other)).statusCode).toBe(201);
  });

  it('takes 20 commutes made, then answers 429', async () => {
    const driver = await createUser(ctx);
    const body = commuteBody({ days: ['SUN'], returnTime: null, startDate: '2026-12-20' });
    for (let i = 0; i < 20; i += 1) await createCommute(ctx, driver, body);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/commutes',
      headers: driver.auth,
      payload: body,
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(tooManyRequests);
  });
});
