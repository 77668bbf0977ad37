import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, MSG } from '@saathchalo/shared';
import { commuteBody, createCommute } from '../../test/commutes.js';
import { createUser } from '../../test/factories.js';
import { call } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe("a standing booking's stops", () => {
  it("are refused (400) past the commute's route, and nothing is kept, instead of every ride reported full", async () => {
    const driver = await createUser(ctx);
    const passenger = await createUser(ctx);
    // Whitefield (0), Indiranagar (1), Koramangala (2).
    const stops = [{ place: 'Indiranagar', time: '08:50' }];
    const commute = await createCommute(ctx, driver, commuteBody({ stops, returnTime: null }));
    const subscribe = (body: Record<string, unknown>) =>
      call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, passenger, { seats: 1, ...body });
    const refused = (field: string, text: string) => ({
      status: 400,
      body: { success: false, error: text, data: { [field]: text } },
    });
    expect(await subscribe({ fromStop: 0, toStop: 5 })).toMatchObject(
      refused('toStop', MSG.stopIndexInvalid),
    );
    expect(await subscribe({ toStop: 3 })).toMatchObject(refused('toStop', MSG.stopIndexInvalid));
    expect(await subscribe({ fromStop: 2 })).toMatchObject(refused('fromStop', MSG.stopIndexInvalid));
    expect(await subscribe({ toStop: 0 })).toMatchObject(refused('toStop', ERR.stopsInvalid));
    const seen = await call(ctx, 'GET', `/api/commutes/${commute.id}`, passenger);
    expect(seen.body.data.subscription).toBeNull();

    const fine = await subscribe({ fromStop: 1, toStop: 2 });
    expect(fine.status).toBe(201);
    expect(fine.body.data.full).toEqual([]);
    expect(fine.body.data.booked.length).toBe(commute.upcoming.length);
  });
});
