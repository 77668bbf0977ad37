import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '@saathchalo/shared';
import { commuteDueNow, DAYS_DUE, seatsShownToDriver } from '../../test/commutes.js';
import type { TestUser } from '../../test/factories.js';
import { runJobs } from '../../test/jobs.js';
import { call } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * A block between a commute's driver and its standing passenger at the moment something else locks the
 * same commute and rides: the job making and booking the next day, or the other one's account deletion,
 * in parallel over PostgreSQL's pool. Whichever commits second must see the first (section 9: a blocked
 * pair cannot book each other), and neither may deadlock (a 500 for the one PostgreSQL aborts). SQLite
 * runs one write at a time.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

// Before the block took the pair's commute locks, PostgreSQL left the passenger that day's open booking in
// 48 rounds of 64 when the driver blocked and 56 of 64 when the passenger did (4 runs of 16 each); before
// it wrote its row last, it was aborted as a deadlock with the deletion in 4 to 8 rounds of 16.
const ROUNDS = 16;
type Blocker = 'driver' | 'passenger';
type Pair = Awaited<ReturnType<typeof commuteDueNow>>;

/**
 * Each round a new commute, its driver or passenger blocking the other while `alongside` runs, then the
 * passenger left with no open booking and no standing booking, and what `check` adds.
 */
async function raceBlocks(
  blocker: Blocker,
  alongside: (blocked: TestUser) => Promise<void>,
  check: (pair: Pair) => Promise<void> = async () => {},
) {
  for (let round = 0; round < ROUNDS; round += 1) {
    const pair = await commuteDueNow(ctx, 'standing');
    const blocked = pair[blocker === 'driver' ? 'passenger' : 'driver'];
    const [answer] = await Promise.all([
      call(ctx, 'POST', `/api/users/${blocked.id}/block`, pair[blocker]),
      alongside(blocked),
    ]);
    // Once the deletion has committed, the blocked account is not found (404); a deadlock is a 500.
    expect([200, 404]).toContain(answer.status);
    const open = await ctx.db
      .selectFrom('bookings')
      .select('id')
      .where('passenger_id', '=', pair.passenger.id)
      .where('status', 'in', ['PENDING', 'CONFIRMED'])
      .execute();
    expect(open).toEqual([]);
    const standing = await ctx.db
      .selectFrom('commute_subscriptions')
      .select('id')
      .where('commute_id', '=', pair.id)
      .execute();
    expect(standing).toEqual([]);
    await check(pair);
  }
}

describe("a block between a commute's driver and its standing passenger while the job makes the next day", () => {
  it.each(['driver', 'passenger'] as const)(
    'by the %s leaves the passenger no open booking on her rides and no standing booking',
    async (blocker) => {
      const jobRuns = async () => {
        expect((await runJobs(ctx)).failed).toBe(0);
      };
      await raceBlocks(blocker, jobRuns, async (pair) => {
        const mine = await call(ctx, 'GET', '/api/bookings/my-bookings', pair.passenger);
        expect(mine.body.data.filter((b: { status: string }) => b.status !== 'CANCELLED')).toEqual([]);
        expect(await seatsShownToDriver(ctx, pair)).toEqual(DAYS_DUE.map((d) => `${d} 3 of 3 free ACTIVE`));
      });
    },
  );
});

describe("a block between a commute's driver and its standing passenger while the other deletes their account", () => {
  it.each(['driver', 'passenger'] as const)(
    'by the %s succeeds, or finds the account gone, and leaves the passenger no open booking',
    async (blocker) => {
      await raceBlocks(blocker, async (blocked) => {
        const deleted = await call(ctx, 'DELETE', '/api/users/profile', blocked);
        expect(deleted.body).toEqual({
          success: true,
          data: null,
          message: ACCOUNT_MSG.accountDeleted,
          error: null,
        });
      });
    },
  );
});
