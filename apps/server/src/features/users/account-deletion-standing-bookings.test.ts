import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '@saathchalo/shared';
import { commuteDueNow, DAYS_DUE, seatsShownToDriver } from '../../test/commutes.js';
import { mailLinesTo, runJobs } from '../../test/jobs.js';
import { call } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * CONTRACT section 4: a deleted account's personal data is erased. Which commute someone rides, on which
 * days and between which stops, is theirs: their standing bookings go with the account.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const standingOf = async (passengerId: string) =>
  ctx.db
    .selectFrom('commute_subscriptions')
    .select('commute_id')
    .where('passenger_id', '=', passengerId)
    .execute();

describe("a standing passenger's account deleted", () => {
  it('leaves no standing booking of theirs, and nothing of theirs on the commute the driver sees', async () => {
    const commute = await commuteDueNow(ctx, 'standing');
    expect(await standingOf(commute.passenger.id)).toEqual([{ commute_id: commute.id }]);

    const deleted = await call(ctx, 'DELETE', '/api/users/profile', commute.passenger);
    expect(deleted.body).toEqual({
      success: true,
      data: null,
      message: ACCOUNT_MSG.accountDeleted,
      error: null,
    });
    await runJobs(ctx);

    expect(await standingOf(commute.passenger.id)).toEqual([]);
    expect(await seatsShownToDriver(ctx, commute)).toEqual(DAYS_DUE.map((d) => `${d} 3 of 3 free ACTIVE`));
    const theirs = await call(ctx, 'GET', '/api/bookings/my-ride-bookings', commute.driver);
    expect(
      theirs.body.data
        .map((b: any) => `${b.ride.departureDate.slice(5)} ${b.status} ${b.passengerName}`)
        .sort(),
    ).toEqual(['11-28', '11-29', '12-05'].map((d) => `${d} CANCELLED Deleted User`));
    // The driver is told of each day given up, as when a passenger stops a standing booking themselves.
    const subject = 'Booking cancelled: Whitefield to Koramangala';
    const told = await mailLinesTo(ctx, commute.driver.email, subject);
    expect(told.map((lines) => lines.find((l) => l.includes('cancelled their booking'))).sort()).toEqual(
      ['2026-11-28', '2026-11-29', '2026-12-05'].map(
        (d) =>
          `Test2 User cancelled their booking of 1 seat on your ride from Whitefield to Koramangala on ${d} at 08:30. The seats are available again.`,
      ),
    );
  });
});
