import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commuteBody, createCommute } from '../../test/commutes.js';
import { createUser } from '../../test/factories.js';
import { call } from '../../test/marketplace.js';
import { createTestApp, TEST_NOW, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('a man subscribing at the moment the commute is made women-only', () => {
  it('never keeps a standing booking on it, whichever commits first', async () => {
    ctx.clock.set(TEST_NOW);
    const driver = await createUser(ctx, { gender: 'FEMALE' });
    const body = (womenOnly: boolean) => commuteBody({ days: ['MON'], returnTime: null, womenOnly });
    const commute = await createCommute(ctx, driver, body(false));
    const outcomes = new Set<number>();
    for (let round = 0; round < 12; round += 1) {
      expect((await call(ctx, 'PUT', `/api/commutes/${commute.id}`, driver, body(false))).status).toBe(200);
      const man = await createUser(ctx, { gender: 'MALE' });
      const [subscribed, edited] = await Promise.all([
        call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, man, { seats: 1 }),
        call(ctx, 'PUT', `/api/commutes/${commute.id}`, driver, body(true)),
      ]);
      expect(edited.status).toBe(200);
      outcomes.add(subscribed.status);
      const kept = await ctx.db
        .selectFrom('commute_subscriptions')
        .select('id')
        .where('passenger_id', '=', man.id)
        .execute();
      expect(kept).toEqual([]);
    }
    // Either he came first (201, then ended by the edit) or the edit did (403).
    expect([...outcomes].every((s) => s === 201 || s === 403)).toBe(true);
  });
});
