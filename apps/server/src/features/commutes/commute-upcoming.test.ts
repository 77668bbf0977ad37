import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commuteBody, createCommute } from '../../test/commutes.js';
import { createUser, freshSession } from '../../test/factories.js';
import { call } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const rides = (commute: { upcoming: any[] }) =>
  commute.upcoming.slice(0, 3).map((r) => `${r.departureDate} ${r.departureTime} ${r.status}`);

describe("a commute's upcoming rides", () => {
  it('leave out the rides of today that have already left, so the driver is not offered to skip a day that happened', async () => {
    const driver = await createUser(ctx);
    const commute = await createCommute(ctx, driver, commuteBody());
    expect(rides(commute)).toEqual([
      '2026-11-23 08:30 ACTIVE',
      '2026-11-23 18:00 ACTIVE',
      '2026-11-24 08:30 ACTIVE',
    ]);
    ctx.clock.set(Date.parse('2026-11-23T06:30:00.000Z')); // Monday 12:00 IST: the morning ride has left
    const later = await freshSession(ctx, driver);
    const one = await call(ctx, 'GET', `/api/commutes/${commute.id}`, later);
    expect(rides(one.body.data)).toEqual([
      '2026-11-23 18:00 ACTIVE',
      '2026-11-24 08:30 ACTIVE',
      '2026-11-24 18:00 ACTIVE',
    ]);
    const mine = await call(ctx, 'GET', '/api/commutes/my', later);
    expect(rides(mine.body.data[0])).toEqual(rides(one.body.data));
  });
});
