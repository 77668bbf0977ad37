import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commuteBody, createCommute, MONDAYS_BOTH_WAYS, stand, threeCommuters } from '../../test/commutes.js';
import type { TestUser } from '../../test/factories.js';
import { ENDS_WITH_DASHBOARD, mailLinesTo, subjectsTo } from '../../test/jobs.js';
import { book, call, offerRide } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * A block ends every booking the pair share ahead at once: a standing passenger held one per day. The
 * other one is told once, with the rides listed, in the words of the single reject or cancel mail, which
 * say nothing of the block (section 9); one booking keeps that single mail.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const toldOf = async (who: TestUser) =>
  (await subjectsTo(ctx, who.email)).filter((s) => /cancelled|not accepted/.test(s));

async function pairOnACommute() {
  const { driver, asha } = await threeCommuters(ctx);
  const commute = await createCommute(ctx, driver, commuteBody());
  expect((await stand(ctx, commute.id, asha, { days: ['MON'] })).body.data.booked).toHaveLength(4);
  return { driver, asha };
}

const block = async (who: TestUser, whom: TestUser) =>
  expect((await call(ctx, 'POST', `/api/users/${whom.id}/block`, who)).status).toBe(200);

describe('a block that ends many bookings mails the other one once', () => {
  it('a driver blocking a standing passenger: the passenger gets one mail listing every day', async () => {
    const { driver, asha } = await pairOnACommute();
    await block(driver, asha);

    const subject = 'Bookings not accepted: Whitefield to Koramangala';
    expect(await toldOf(asha)).toEqual([subject]);
    expect(await mailLinesTo(ctx, asha.email, subject)).toEqual([
      [
        'Hi Asha Rao,',
        'Kiran Das could not take your bookings on these 4 rides:',
        ...MONDAYS_BOTH_WAYS,
        'Your seats were released; please look for another ride.',
        ...ENDS_WITH_DASHBOARD,
      ],
    ]);
    expect(await toldOf(driver)).toEqual([]);
  });

  it('a standing passenger blocking the driver: the driver gets one mail listing every day', async () => {
    const { driver, asha } = await pairOnACommute();
    await block(asha, driver);

    const subject = 'Bookings cancelled: Whitefield to Koramangala';
    expect(await toldOf(driver)).toEqual([subject]);
    expect(await mailLinesTo(ctx, driver.email, subject)).toEqual([
      [
        'Hi Kiran Das,',
        'Asha Rao cancelled their bookings on these 4 rides:',
        ...MONDAYS_BOTH_WAYS,
        'The seats are available again.',
        ...ENDS_WITH_DASHBOARD,
      ],
    ]);
    expect(await toldOf(asha)).toEqual([]);
  });

  it('one booking ended by a block still gets the single mail, either way round', async () => {
    const { driver, asha, ravi } = await threeCommuters(ctx);
    const ride = await offerRide(ctx, driver, { passengers: 3 });
    await book(ctx, ravi, ride.id);
    await book(ctx, asha, ride.id, 2);

    await block(driver, ravi);
    expect(await toldOf(ravi)).toEqual(['Booking not accepted: Bengaluru to Mysuru']);
    const [toRavi] = await mailLinesTo(ctx, ravi.email, 'Booking not accepted: Bengaluru to Mysuru');
    expect(toRavi!.slice(0, 2)).toEqual([
      'Hi Ravi Iyer,',
      'Kiran Das could not take your booking for the ride from Bengaluru to Mysuru on 2026-11-23 at 09:00. Your seats were released; please look for another ride.',
    ]);

    await block(asha, driver);
    expect(await toldOf(driver)).toEqual(['Booking cancelled: Bengaluru to Mysuru']);
    const [toDriver] = await mailLinesTo(ctx, driver.email, 'Booking cancelled: Bengaluru to Mysuru');
    expect(toDriver!.slice(0, 2)).toEqual([
      'Hi Kiran Das,',
      'Asha Rao cancelled their booking of 2 seats on your ride from Bengaluru to Mysuru on 2026-11-23 at 09:00. The seats are available again.',
    ]);
  });

  it('one who both rides with and drives the other gets one mail listing both, in the same words', async () => {
    const { driver, ravi } = await threeCommuters(ctx);
    const kirans = await offerRide(ctx, driver, { passengers: 3 });
    const ravis = await offerRide(ctx, ravi, { from: 'Mysuru', to: 'Bengaluru', passengers: 3 });
    await book(ctx, ravi, kirans.id);
    await book(ctx, driver, ravis.id, 2);

    await block(driver, ravi);
    const subject = 'Bookings not accepted and cancelled: 2 rides';
    expect(await toldOf(ravi)).toEqual([subject]);
    const [toRavi] = await mailLinesTo(ctx, ravi.email, subject);
    expect(toRavi!.slice(0, 7)).toEqual([
      'Hi Ravi Iyer,',
      'Kiran Das could not take your booking on this ride:',
      expect.stringContaining('Bengaluru to Mysuru'),
      'Your seats were released; please look for another ride.',
      'Kiran Das cancelled their booking on this ride:',
      expect.stringContaining('Mysuru to Bengaluru'),
      'The seats are available again.',
    ]);
    expect(await toldOf(driver)).toEqual([]);
  });
});
