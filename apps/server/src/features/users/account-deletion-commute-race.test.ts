import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '@saathchalo/shared';
import { commuteDueNow, DAYS_DUE, seatsShownToDriver } from '../../test/commutes.js';
import type { TestUser } from '../../test/factories.js';
import { runJobs } from '../../test/jobs.js';
import { call } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * An account deleted at the moment its commute's job (or the job of a commute it stands on) makes the next
 * day: the deletion cancels what the user leaves and the job makes and books a new ride, in parallel over
 * PostgreSQL's pool. Whichever commits second must see the first (CONTRACT section 4: the user's future
 * rides and open bookings are cancelled); SQLite runs one write at a time.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const ROUNDS = 16;

/** The deletion and the job at the same moment; both must succeed. */
async function deleteWhileJobRuns(user: TestUser) {
  const [deleted, jobs] = await Promise.all([call(ctx, 'DELETE', '/api/users/profile', user), runJobs(ctx)]);
  expect(deleted.body).toEqual({
    success: true,
    data: null,
    message: ACCOUNT_MSG.accountDeleted,
    error: null,
  });
  expect(jobs.failed).toBe(0);
}

/** The commute's rides as stored, each its date and status: a deleted driver has no page to show them on. */
const ridesOf = async (commuteId: string) =>
  (
    await ctx.db
      .selectFrom('rides')
      .select(['id', 'departure_date', 'status'])
      .where('commute_id', '=', commuteId)
      .orderBy('departure_date')
      .execute()
  ).map((r) => ({ id: r.id, day: `${r.departure_date.slice(5)} ${r.status}` }));

describe("a driver's account deleted while their commute's job makes the next day", () => {
  it('leaves no ride of theirs to find or book, their commute stopped and its standing passenger with no open booking', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const commute = await commuteDueNow(ctx, 'standing');
      await deleteWhileJobRuns(commute.driver);

      const rides = await ridesOf(commute.id);
      expect(rides.filter((r) => !r.day.endsWith(' CANCELLED'))).toEqual([]);
      for (const date of DAYS_DUE) {
        const url = `/api/rides/search?from=Whitefield&to=Koramangala&date=2026-${date}`;
        const found = (await call(ctx, 'GET', url, commute.passenger)).body.data;
        expect(found.filter((r: { commuteId?: string }) => r.commuteId === commute.id)).toEqual([]);
      }
      for (const ride of rides) {
        const res = await call(ctx, 'POST', `/api/rides/${ride.id}/book`, commute.passenger, {
          seatsRequested: 1,
        });
        expect(res.status).not.toBe(201);
      }
      const mine = await call(ctx, 'GET', '/api/bookings/my-bookings', commute.passenger);
      expect(mine.body.data.filter((b: { status: string }) => b.status !== 'CANCELLED')).toEqual([]);
      // Not to be seen through the API (a deleted driver's commute is not found), but no job or later
      // change may take it for a running one.
      const stored = await ctx.db
        .selectFrom('commutes')
        .select('status')
        .where('id', '=', commute.id)
        .executeTakeFirstOrThrow();
      expect(stored.status).toBe('STOPPED');
    }
  });
});

describe("a standing passenger's account deleted while the commute's job books the next day", () => {
  it('leaves them no open booking, every seat of every day free again', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const commute = await commuteDueNow(ctx, 'standing');
      await deleteWhileJobRuns(commute.passenger);

      const theirs = await call(ctx, 'GET', '/api/bookings/my-ride-bookings', commute.driver);
      expect(theirs.body.data.filter((b: { status: string }) => b.status !== 'CANCELLED')).toEqual([]);
      expect(await seatsShownToDriver(ctx, commute)).toEqual(DAYS_DUE.map((d) => `${d} 3 of 3 free ACTIVE`));
    }
  });
});
