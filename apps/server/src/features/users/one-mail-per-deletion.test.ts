import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commuteBody, createCommute, MONDAYS_BOTH_WAYS, stand, threeCommuters } from '../../test/commutes.js';
import type { TestUser } from '../../test/factories.js';
import { ENDS_WITH_DASHBOARD, mailLinesTo, subjectsTo } from '../../test/jobs.js';
import { book, call, offerRide } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * A deleted account ends every booking it shared ahead at once: a standing passenger held one per day.
 * Each person still here is told once, with the rides listed; one booking keeps its single mail.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const cancelledTo = async (who: TestUser) =>
  (await subjectsTo(ctx, who.email)).filter((s) => s.toLowerCase().includes('cancelled'));

const deleteAccount = async (who: TestUser) =>
  expect((await call(ctx, 'DELETE', '/api/users/profile', who)).status).toBe(200);

describe("a driver's account deleted", () => {
  it('gives a standing passenger one mail listing every day it cancelled, and one booking its single mail', async () => {
    const { driver, asha, ravi } = await threeCommuters(ctx);
    const commute = await createCommute(ctx, driver, commuteBody());
    expect((await stand(ctx, commute.id, asha, { days: ['MON'] })).body.data.booked).toHaveLength(4);
    const tuesday = commute.upcoming.find((r: any) => r.departureDate === '2026-11-24');
    await book(ctx, ravi, tuesday.id);

    await deleteAccount(driver);

    expect(await cancelledTo(asha)).toEqual(['Rides cancelled: Whitefield to Koramangala']);
    const [toAsha] = await mailLinesTo(ctx, asha.email, 'Rides cancelled: Whitefield to Koramangala');
    expect(toAsha).toEqual([
      'Hi Asha,',
      'Your bookings on these 4 rides have been cancelled because the driver closed their account:',
      ...MONDAYS_BOTH_WAYS,
      'Your seats are released; you can search for another ride.',
      '',
      'Find another ride: http://app.test/find-ride',
      '',
      'SaathChalo',
    ]);

    const single = 'Ride cancelled: Whitefield to Koramangala on 2026-11-24';
    expect(await cancelledTo(ravi)).toEqual([single]);
    expect(await mailLinesTo(ctx, ravi.email, single)).toEqual([
      [
        'Hi Ravi,',
        '',
        'Your booking on the ride from Whitefield to Koramangala on 2026-11-24 at 08:30 has been cancelled because the driver closed their account.',
        '',
        'Your seats are released; you can search for another ride.',
        '',
        'Find another ride: http://app.test/find-ride',
        '',
      ],
    ]);
  });
});

describe("a passenger's account deleted", () => {
  it('gives the driver of their standing booking one mail listing its days, and a driver of one booking the single mail', async () => {
    const { driver, asha, ravi } = await threeCommuters(ctx);
    const commute = await createCommute(ctx, driver, commuteBody());
    await stand(ctx, commute.id, asha, { days: ['MON'] });
    const ride = await offerRide(ctx, ravi, { departureDate: '2026-11-24', instantBooking: true });
    await book(ctx, asha, ride.id, 2);

    await deleteAccount(asha);

    expect(await cancelledTo(driver)).toEqual(['Bookings cancelled: Whitefield to Koramangala']);
    const [toDriver] = await mailLinesTo(ctx, driver.email, 'Bookings cancelled: Whitefield to Koramangala');
    expect(toDriver).toEqual([
      'Hi Kiran Das,',
      'Asha Rao closed their account, so their bookings on these 4 rides are cancelled:',
      ...MONDAYS_BOTH_WAYS,
      'The seats are available again.',
      ...ENDS_WITH_DASHBOARD,
    ]);

    expect(await cancelledTo(ravi)).toEqual(['Booking cancelled: Bengaluru to Mysuru']);
    const [toRavi] = await mailLinesTo(ctx, ravi.email, 'Booking cancelled: Bengaluru to Mysuru');
    expect(toRavi!.slice(0, 2)).toEqual([
      'Hi Ravi Iyer,',
      'Asha Rao cancelled their booking of 2 seats on your ride from Bengaluru to Mysuru on 2026-11-24 at 09:00. The seats are available again.',
    ]);
  });

  it('names how many rides the mail lists when they run between different places', async () => {
    const { driver, asha } = await threeCommuters(ctx);
    const there = await offerRide(ctx, driver, { departureDate: '2026-11-24' });
    const elsewhere = await offerRide(ctx, driver, {
      from: 'Pune',
      to: 'Mumbai',
      departureDate: '2026-11-23',
    });
    await book(ctx, asha, there.id);
    await book(ctx, asha, elsewhere.id);

    await deleteAccount(asha);

    expect(await cancelledTo(driver)).toEqual(['Bookings cancelled: 2 rides']);
    const [toDriver] = await mailLinesTo(ctx, driver.email, 'Bookings cancelled: 2 rides');
    expect(toDriver!.slice(1, 4)).toEqual([
      'Asha Rao closed their account, so their bookings on these 2 rides are cancelled:',
      '- Mon 2026-11-23 at 09:00, Pune to Mumbai (1 seat)',
      '- Tue 2026-11-24 at 09:00, Bengaluru to Mysuru (1 seat)',
    ]);
  });
});
