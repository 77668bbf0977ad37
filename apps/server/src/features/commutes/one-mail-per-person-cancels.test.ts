import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commuteBody, createCommute, MONDAYS_BOTH_WAYS, stand, threeCommuters } from '../../test/commutes.js';
import type { TestUser } from '../../test/factories.js';
import { ENDS_WITH_DASHBOARD, mailLinesTo, subjectsTo } from '../../test/jobs.js';
import { book, call } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const cancelledTo = async (who: TestUser) =>
  (await subjectsTo(ctx, who.email)).filter((s) => s.includes('cancelled'));

describe('one action that ends many bookings mails each person once', () => {
  it('a standing passenger who stops gives the driver exactly one mail listing every cancelled day', async () => {
    const { driver, asha } = await threeCommuters(ctx);
    const commute = await createCommute(ctx, driver, commuteBody());
    expect((await stand(ctx, commute.id, asha, { days: ['MON'] })).body.data.booked).toHaveLength(4);

    const stop = await call(ctx, 'DELETE', `/api/commutes/${commute.id}/subscriptions/mine`, asha);
    expect(stop.body.data).toEqual({ cancelled: 4 });

    expect(await cancelledTo(driver)).toEqual(['Bookings cancelled: Whitefield to Koramangala']);
    const [lines] = await mailLinesTo(ctx, driver.email, 'Bookings cancelled: Whitefield to Koramangala');
    expect(lines).toEqual([
      'Hi Kiran Das,',
      'Asha Rao stopped their standing booking on your commute from Whitefield to Koramangala, so their bookings on these 4 rides are cancelled:',
      ...MONDAYS_BOTH_WAYS,
      'The seats are available again.',
      ...ENDS_WITH_DASHBOARD,
    ]);
  });

  it('a standing passenger who narrows their terms gives the driver one mail listing the days given up', async () => {
    const { driver, asha } = await threeCommuters(ctx);
    const commute = await createCommute(ctx, driver, commuteBody());
    await stand(ctx, commute.id, asha, { days: ['MON'] });
    await stand(ctx, commute.id, asha, { days: ['MON'], direction: 'OUTBOUND' });

    expect(await cancelledTo(driver)).toEqual(['Bookings cancelled: Whitefield to Koramangala']);
    const [lines] = await mailLinesTo(ctx, driver.email, 'Bookings cancelled: Whitefield to Koramangala');
    expect(lines!.slice(1, 5)).toEqual([
      'Asha Rao changed their standing booking on your commute from Whitefield to Koramangala, so their bookings on these 2 rides are cancelled:',
      '- Mon 2026-11-23 at 18:00, Koramangala to Whitefield (1 seat)',
      '- Mon 2026-11-30 at 18:00, Koramangala to Whitefield (1 seat)',
      'The seats are available again.',
    ]);
  });

  it('a stopped commute gives each standing passenger exactly one mail with their days', async () => {
    const { driver, asha, ravi } = await threeCommuters(ctx);
    const commute = await createCommute(ctx, driver, commuteBody());
    await stand(ctx, commute.id, asha, { days: ['MON'] });
    await stand(ctx, commute.id, ravi, { days: ['TUE'], direction: 'OUTBOUND', seats: 2 });

    expect((await call(ctx, 'DELETE', `/api/commutes/${commute.id}`, driver)).status).toBe(200);

    expect(await cancelledTo(asha)).toEqual(['Rides cancelled: Whitefield to Koramangala']);
    expect(await cancelledTo(ravi)).toEqual(['Rides cancelled: Whitefield to Koramangala']);
    const [toAsha] = await mailLinesTo(ctx, asha.email, 'Rides cancelled: Whitefield to Koramangala');
    expect(toAsha!.slice(0, 8)).toEqual([
      'Hi Asha Rao,',
      'Kiran Das stopped their commute from Whitefield to Koramangala, so your bookings on these 4 rides are cancelled:',
      ...MONDAYS_BOTH_WAYS,
      'Your seats are released; please look for another ride.',
      '',
    ]);
    const [toRavi] = await mailLinesTo(ctx, ravi.email, 'Rides cancelled: Whitefield to Koramangala');
    expect(toRavi!.slice(0, 5)).toEqual([
      'Hi Ravi Iyer,',
      'Kiran Das stopped their commute from Whitefield to Koramangala, so your bookings on these 2 rides are cancelled:',
      '- Tue 2026-11-24 at 08:30, Whitefield to Koramangala (2 seats)',
      '- Tue 2026-12-01 at 08:30, Whitefield to Koramangala (2 seats)',
      'Your seats are released; please look for another ride.',
    ]);
  });

  it('a passenger with one booking cancelled still gets the single mail, and so does the driver', async () => {
    const { driver, asha, ravi } = await threeCommuters(ctx);
    const commute = await createCommute(
      ctx,
      driver,
      commuteBody({ days: ['MON'], returnTime: null, endDate: '2026-11-27' }),
    );
    await stand(ctx, commute.id, asha, {});
    await call(ctx, 'DELETE', `/api/commutes/${commute.id}/subscriptions/mine`, asha);
    expect(await cancelledTo(driver)).toEqual(['Booking cancelled: Whitefield to Koramangala']);
    const [toDriver] = await mailLinesTo(ctx, driver.email, 'Booking cancelled: Whitefield to Koramangala');
    expect(toDriver!.slice(0, 2)).toEqual([
      'Hi Kiran Das,',
      'Asha Rao cancelled their booking of 1 seat on your ride from Whitefield to Koramangala on 2026-11-23 at 08:30. The seats are available again.',
    ]);

    await book(ctx, ravi, commute.upcoming[0].id);
    expect((await call(ctx, 'DELETE', `/api/commutes/${commute.id}`, driver)).status).toBe(200);
    expect(await cancelledTo(ravi)).toEqual(['Ride cancelled: Whitefield to Koramangala']);
    const [toRavi] = await mailLinesTo(ctx, ravi.email, 'Ride cancelled: Whitefield to Koramangala');
    expect(toRavi!.slice(0, 2)).toEqual([
      'Hi Ravi Iyer,',
      'Kiran Das cancelled the ride from Whitefield to Koramangala on 2026-11-23 at 08:30, so your booking of 1 seat is cancelled.',
    ]);
  });
});
