import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '@saathchalo/shared';
import { commuteDueNow, createCommute, DAYS_DUE, seatsShownToDriver, weekends } from '../../test/commutes.js';
import { createUser } from '../../test/factories.js';
import { mailLinesTo, runJobs, subjectsTo } from '../../test/jobs.js';
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
    .orderBy('commute_id')
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
    // The driver is told of the days given up, once (as when a passenger stops a standing booking).
    const toDriver = await subjectsTo(ctx, commute.driver.email);
    expect(toDriver.filter((s) => s.includes('cancelled'))).toEqual([
      'Bookings cancelled: Whitefield to Koramangala',
    ]);
    const [told] = await mailLinesTo(
      ctx,
      commute.driver.email,
      'Bookings cancelled: Whitefield to Koramangala',
    );
    expect(told!.slice(0, 6)).toEqual([
      `Hi ${commute.driver.name},`,
      `${commute.passenger.name} closed their account, so their bookings on these 3 rides are cancelled:`,
      '- Sat 2026-11-28 at 08:30, Whitefield to Koramangala (1 seat)',
      '- Sun 2026-11-29 at 08:30, Whitefield to Koramangala (1 seat)',
      '- Sat 2026-12-05 at 08:30, Whitefield to Koramangala (1 seat)',
      'The seats are available again.',
    ]);
  });
});

describe("a commute's driver deleted", () => {
  it('ends the standing bookings on their commute: the passenger keeps their cancelled bookings, and the commute is gone', async () => {
    const commute = await commuteDueNow(ctx, 'standing');
    const other = await createCommute(
      ctx,
      await createUser(ctx),
      weekends({ departureTime: '09:30', startDate: '2026-11-23' }),
    );
    const res = await call(ctx, 'POST', `/api/commutes/${other.id}/subscriptions`, commute.passenger, {
      seats: 1,
    });
    expect(res.status).toBe(201);

    expect((await call(ctx, 'DELETE', '/api/users/profile', commute.driver)).status).toBe(200);
    await runJobs(ctx);

    // The stopped commute books nothing more, answers its passengers 404 and cannot be ended by them:
    // a standing booking left on it would only say, against nobody's account, whom it carried on which days.
    expect(await standingOf(commute.passenger.id)).toEqual([{ commute_id: other.id }]);
    const gone = { success: false, data: null, message: 'Commute not found', error: 'Commute not found' };
    const shown = await call(ctx, 'GET', `/api/commutes/${commute.id}`, commute.passenger);
    expect([shown.status, shown.body]).toEqual([404, { ...gone, code: 'COMMUTE_NOT_FOUND' }]);
    const mine = `/api/commutes/${commute.id}/subscriptions/mine`;
    expect((await call(ctx, 'DELETE', mine, commute.passenger)).status).toBe(404);
    // Their history stays: the days it had booked, cancelled because the driver left.
    const theirs = await call(ctx, 'GET', '/api/bookings/my-bookings', commute.passenger);
    expect(
      theirs.body.data
        .filter((b: any) => b.ride.commuteId === commute.id)
        .map((b: any) => `${b.ride.departureDate.slice(5)} ${b.status} ${b.cancelReason} ${b.driver.name}`)
        .sort(),
    ).toEqual(['11-28', '11-29', '12-05'].map((d) => `${d} CANCELLED ACCOUNT_DELETED Deleted User`));
    // They are told once, of the three days, not in three mails.
    const toPassenger = await subjectsTo(ctx, commute.passenger.email);
    expect(toPassenger.filter((s) => s.includes('cancelled'))).toEqual([
      'Rides cancelled: Whitefield to Koramangala',
    ]);
    const [told] = await mailLinesTo(
      ctx,
      commute.passenger.email,
      'Rides cancelled: Whitefield to Koramangala',
    );
    const { first_name } = await ctx.db
      .selectFrom('users')
      .select('first_name')
      .where('id', '=', commute.passenger.id)
      .executeTakeFirstOrThrow();
    expect(told!.slice(0, 6)).toEqual([
      `Hi ${first_name},`,
      'Your bookings on these 3 rides have been cancelled because the driver closed their account:',
      '- Sat 2026-11-28 at 08:30, Whitefield to Koramangala (1 seat)',
      '- Sun 2026-11-29 at 08:30, Whitefield to Koramangala (1 seat)',
      '- Sat 2026-12-05 at 08:30, Whitefield to Koramangala (1 seat)',
      'Your seats are released; you can search for another ride.',
    ]);
    // Their standing booking on another driver's commute is untouched, and still books.
    const kept = await call(ctx, 'GET', `/api/commutes/${other.id}`, commute.passenger);
    expect(kept.body.data.subscription).toMatchObject({ seats: 1 });
  });
});
