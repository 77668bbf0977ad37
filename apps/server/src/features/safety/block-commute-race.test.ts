import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commuteDueNow } from '../../test/commutes.js';
import type { TestUser } from '../../test/factories.js';
import { runJobs } from '../../test/jobs.js';
import { call } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * A block between a commute's driver and its standing passenger at the moment the commute's job makes and
 * books the next day, in parallel over PostgreSQL's pool. Whichever commits second must see the first
 * (section 9: a blocked pair cannot book each other); SQLite runs one write at a time.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

// Before the block took the pair's commute locks, PostgreSQL left the passenger that day's open booking in
// 48 rounds of 64 when the driver blocked and 56 of 64 when the passenger did (4 runs of 16 each).
const ROUNDS = 16;
const DAYS = ['11-28', '11-29', '12-05', '12-06'];

async function blockWhileJobRuns(who: TestUser, whom: TestUser) {
  const [blocked, jobs] = await Promise.all([
    call(ctx, 'POST', `/api/users/${whom.id}/block`, who),
    runJobs(ctx),
  ]);
  expect(blocked.status).toBe(200);
  expect(jobs.failed).toBe(0);
}

/** Neither an open booking of the passenger's on the commute's rides nor their standing booking is left. */
async function expectNothingShared(commute: Awaited<ReturnType<typeof commuteDueNow>>) {
  const mine = await call(ctx, 'GET', '/api/bookings/my-bookings', commute.passenger);
  expect(mine.body.data.filter((b: { status: string }) => b.status !== 'CANCELLED')).toEqual([]);
  const theirs = await call(ctx, 'GET', '/api/bookings/my-ride-bookings', commute.driver);
  expect(theirs.body.data.filter((b: { status: string }) => b.status !== 'CANCELLED')).toEqual([]);
  const shown = await call(ctx, 'GET', `/api/commutes/${commute.id}`, commute.driver);
  expect(
    shown.body.data.upcoming.map(
      (r: any) => `${r.departureDate.slice(5)} ${r.availableSeats} of ${r.totalSeats} free ${r.status}`,
    ),
  ).toEqual(DAYS.map((d) => `${d} 3 of 3 free ACTIVE`));
  const standing = await ctx.db
    .selectFrom('commute_subscriptions')
    .select('id')
    .where('commute_id', '=', commute.id)
    .execute();
  expect(standing).toEqual([]);
}

describe("a commute's driver blocking its standing passenger while the job makes the next day", () => {
  it('leaves the passenger no open booking on her rides and no standing booking', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const commute = await commuteDueNow(ctx, 'standing');
      await blockWhileJobRuns(commute.driver, commute.passenger);
      await expectNothingShared(commute);
    }
  });
});

describe("a standing passenger blocking the commute's driver while the job makes the next day", () => {
  it('leaves him no open booking on her rides and no standing booking', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const commute = await commuteDueNow(ctx, 'standing');
      await blockWhileJobRuns(commute.passenger, commute.driver);
      await expectNothingShared(commute);
    }
  });
});
