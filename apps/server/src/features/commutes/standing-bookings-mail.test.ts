import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commuteBody, createCommute } from '../../test/commutes.js';
import { createUser } from '../../test/factories.js';
import { mailLinesTo } from '../../test/jobs.js';
import { call } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe("the driver's mail of a standing booking from a stop", () => {
  it('names where and when the passenger boards and leaves on each ride, not the ride’s own start', async () => {
    const driver = await createUser(ctx, { first_name: 'Kiran', last_name: 'Das' });
    const asha = await createUser(ctx, { first_name: 'Asha', last_name: 'Rao' });
    const commute = await createCommute(
      ctx,
      driver,
      commuteBody({ stops: [{ place: 'Marathahalli', time: '08:50' }] }),
    );
    const sub = await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, asha, {
      seats: 1,
      days: ['MON'],
      fromStop: 1,
    });
    expect(sub.body.data.booked).toHaveLength(4);
    // One mail for the rides booked at subscribe time, both ways.
    const [lines] = await mailLinesTo(ctx, driver.email, 'Booking requests: Whitefield to Koramangala');
    expect(lines!.slice(1, 6)).toEqual([
      'Asha Rao asked for 1 seat on 4 rides of your commute from Whitefield to Koramangala. Please confirm or reject each request.',
      '- 2026-11-23 at 08:50, Marathahalli to Koramangala: Rs 78',
      '- 2026-11-23 at 18:00, Koramangala to Marathahalli: Rs 78',
      '- 2026-11-30 at 08:50, Marathahalli to Koramangala: Rs 78',
      '- 2026-11-30 at 18:00, Koramangala to Marathahalli: Rs 78',
    ]);
  });
});
