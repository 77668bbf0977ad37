import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commuteBody, createCommute } from '../../test/commutes.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { mailLinesTo, runJobsAfter } from '../../test/jobs.js';
import { call } from '../../test/marketplace.js';
import { createTestApp, TEST_NOW, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const WEEK = 7 * 86_400_000;
const body = (stops: { place: string; time: string }[], overrides: Record<string, unknown> = {}) =>
  commuteBody({ returnTime: null, stops, ...overrides });

/** Where each of the passenger's bookings boards and leaves, by date. */
const pickups = async (passenger: TestUser) =>
  (await call(ctx, 'GET', '/api/bookings/my-bookings', passenger)).body.data
    .map((b: any) => `${b.ride.departureDate} ${b.pickup.place} to ${b.drop.place}`)
    .sort();

describe('a standing booking from a stop when the driver changes the route', () => {
  it('keeps boarding at the same place when a stop is added before it', async () => {
    ctx.clock.set(TEST_NOW);
    const driver = await createUser(ctx);
    const asha = await createUser(ctx);
    const commute = await createCommute(ctx, driver, body([{ place: 'Marathahalli', time: '08:50' }]));
    await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, asha, {
      seats: 1,
      days: ['MON'],
      fromStop: 1,
    });
    const edit = await call(
      ctx,
      'PUT',
      `/api/commutes/${commute.id}`,
      driver,
      body([
        { place: 'Kundalahalli', time: '08:40' },
        { place: 'Marathahalli', time: '08:50' },
      ]),
    );
    expect(edit.status).toBe(200);
    await runJobsAfter(ctx, WEEK); // the next Monday's ride is made

    expect(await pickups(asha)).toEqual([
      '2026-11-23 Marathahalli to Koramangala',
      '2026-11-30 Marathahalli to Koramangala',
      '2026-12-07 Marathahalli to Koramangala',
    ]);
  });

  it('ends it, and tells the passenger, when the place they board at is no longer on the route', async () => {
    ctx.clock.set(TEST_NOW);
    const driver = await createUser(ctx, { first_name: 'Kiran', last_name: 'Das' });
    const ravi = await createUser(ctx, { first_name: 'Ravi', last_name: 'Iyer' });
    const commute = await createCommute(ctx, driver, body([{ place: 'Marathahalli', time: '08:50' }]));
    await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, ravi, {
      seats: 1,
      days: ['MON'],
      fromStop: 1,
    });
    await call(
      ctx,
      'PUT',
      `/api/commutes/${commute.id}`,
      driver,
      body([{ place: 'Bellandur', time: '08:50' }]),
    );
    await runJobsAfter(ctx, WEEK); // the next Monday's ride is made

    // The rides booked before the change keep their route; no later one is booked from elsewhere.
    expect(await pickups(ravi)).toEqual([
      '2026-11-23 Marathahalli to Koramangala',
      '2026-11-30 Marathahalli to Koramangala',
    ]);
    const mine = await call(ctx, 'DELETE', `/api/commutes/${commute.id}/subscriptions/mine`, ravi);
    expect(mine.status).toBe(404);
    const [lines] = await mailLinesTo(ctx, ravi.email, 'Standing booking ended: Whitefield to Koramangala');
    expect(lines!.slice(0, 2)).toEqual([
      'Hi Ravi,',
      'Kiran Das changed the route of their commute from Whitefield to Koramangala, and Marathahalli is no longer on it, so your standing booking has ended. The rides already booked stay booked.',
    ]);
  });
});
