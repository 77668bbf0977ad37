import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR } from '@saathchalo/shared';
import { commuteBody, createCommute } from '../../test/commutes.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { call, offerRide } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * Section 9's block reaches what a link opens, not only search (decision 033): a blocked pair's rides,
 * commutes and commute calendars are not found by id, either way round, so an old link does not keep
 * showing one of them the other's plans (times, places, number).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** What a viewer gets for the driver's ride, commute and the commute's calendar: the three statuses. */
async function seenBy(viewer: TestUser, ids: { ride: string; commute: string }) {
  const ride = await call(ctx, 'GET', `/api/rides/${ids.ride}`, viewer);
  const commute = await call(ctx, 'GET', `/api/commutes/${ids.commute}`, viewer);
  const calendar = await ctx.app.inject({
    method: 'GET',
    url: `/api/commutes/${ids.commute}/calendar.ics`,
    headers: viewer.auth,
  });
  return {
    ride: [ride.status, ride.body.error],
    commute: [commute.status, commute.body.error],
    calendar: [calendar.statusCode, calendar.statusCode === 200 ? null : calendar.json().error],
  };
}

const visible = { ride: [200, null], commute: [200, null], calendar: [200, null] };
const hidden = {
  ride: [404, ERR.rideNotFound],
  commute: [404, ERR.commuteNotFound],
  calendar: [404, ERR.commuteNotFound],
};

describe('a blocked pair, by id', () => {
  it("do not find each other's rides, commutes or commute calendars, either way round, until unblocked", async () => {
    const driver = await createUser(ctx, { phone: '9855500001' });
    const him = await createUser(ctx);
    const someone = await createUser(ctx);
    const ids = {
      ride: (await offerRide(ctx, driver)).id,
      commute: (await createCommute(ctx, driver, commuteBody())).id,
    };
    expect(await seenBy(him, ids)).toEqual(visible);

    await call(ctx, 'POST', `/api/users/${him.id}/block`, driver);
    expect(await seenBy(him, ids)).toEqual(hidden);
    expect(await seenBy(driver, ids)).toEqual(visible);
    expect(await seenBy(someone, ids)).toEqual(visible);

    await call(ctx, 'DELETE', `/api/users/${him.id}/block`, driver);
    expect(await seenBy(him, ids)).toEqual(visible);
    await call(ctx, 'POST', `/api/users/${driver.id}/block`, him);
    expect(await seenBy(him, ids)).toEqual(hidden);
  });
});
