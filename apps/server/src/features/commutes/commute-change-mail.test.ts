import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commuteBody, createCommute } from '../../test/commutes.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { mailLinesTo, runJobs, subjectsTo } from '../../test/jobs.js';
import { call } from '../../test/marketplace.js';
import { createTestApp, TEST_NOW, type TestContext } from '../../test/test-app.js';
import { CHANGE_NOTICE_DELAY_MS } from './commute-change-mail.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const CHANGED = 'Commute changed: Whitefield to Koramangala';
const MINUTE = 60_000;
/** The clock `ms` after TEST_NOW. */
const at = (ms: number) => ctx.clock.set(Date.parse(TEST_NOW) + ms);
/** The jobs due `ms` after TEST_NOW. */
const jobsAt = async (ms: number) => {
  at(ms);
  await runJobs(ctx);
};
const changeMails = (p: TestUser) => mailLinesTo(ctx, p.email, CHANGED);

async function standingCommute(driver: TestUser, passengers: [TestUser, Record<string, unknown>][]) {
  at(0);
  const commute = await createCommute(ctx, driver, commuteBody({ instantBooking: true }));
  for (const [p, terms] of passengers) {
    const res = await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, p, {
      seats: 1,
      ...terms,
    });
    expect(res.status).toBe(201);
  }
  const edit = async (body: Record<string, unknown>) => {
    const changed = commuteBody({ instantBooking: true, ...body });
    expect((await call(ctx, 'PUT', `/api/commutes/${commute.id}`, driver, changed)).status).toBe(200);
  };
  return { commute, edit };
}

describe("a commute's edit, told to its standing passengers", () => {
  it('mails each passenger whose standing booking goes on what changed, once, a few minutes after the edit', async () => {
    const driver = await createUser(ctx, { first_name: 'Kavya', last_name: 'Rao' });
    const asha = await createUser(ctx, { first_name: 'Asha' });
    const ravi = await createUser(ctx, { first_name: 'Ravi' });
    const { commute, edit } = await standingCommute(driver, [
      [asha, {}],
      [ravi, {}],
    ]);
    // Ravi's standing booking is stopped before the edit: he is told nothing.
    await call(ctx, 'DELETE', `/api/commutes/${commute.id}/subscriptions/mine`, ravi);

    at(MINUTE);
    await edit({
      days: ['MON', 'WED', 'FRI'],
      departureTime: '09:00',
      pricePerSeat: 150,
      carModel: 'Honda City',
      carNumber: 'KA05CD6789',
      instantBooking: false,
      stops: [{ place: 'Marathahalli' }],
      endDate: '2027-01-31',
    });
    expect(await changeMails(asha)).toEqual([]);

    await jobsAt(MINUTE + CHANGE_NOTICE_DELAY_MS);
    await jobsAt(MINUTE + 2 * CHANGE_NOTICE_DELAY_MS);
    const [lines, ...more] = await changeMails(asha);
    expect(more).toEqual([]);
    expect(lines!.slice(0, 11)).toEqual([
      'Hi Asha,',
      'Kavya Rao changed their commute from Whitefield to Koramangala:',
      'Route: Whitefield, Marathahalli, Koramangala (was Whitefield, Koramangala).',
      'Days: Mon, Wed, Fri (was Mon–Fri).',
      'Leaves at: 09:00 (was 08:30).',
      'Price: Rs 150 a seat (was Rs 120 a seat).',
      'Runs: until 2027-01-31 (was until it is stopped).',
      'Car: Honda City, KA05CD6789 (was Swift, KA01AB1234).',
      'Booking: confirmed by Kavya Rao (was confirmed at once).',
      'Your standing booking goes on: the rides already booked keep their old terms, and the next ones are booked as the commute is now. You can change or stop it from your dashboard.',
      '',
    ]);
    expect(await subjectsTo(ctx, ravi.email)).not.toContain(CHANGED);
  });

  it('tells a burst of edits as one mail, from where it began to where it ended; an edit undone in time is never told', async () => {
    const driver = await createUser(ctx, { first_name: 'Meera', last_name: 'Iyer' });
    const asha = await createUser(ctx, { first_name: 'Asha' });
    const { edit } = await standingCommute(driver, [[asha, {}]]);

    at(MINUTE);
    await edit({ departureTime: '09:00' });
    at(5 * MINUTE);
    await edit({ departureTime: '08:30', pricePerSeat: 150 });
    await jobsAt(MINUTE + CHANGE_NOTICE_DELAY_MS + MINUTE); // ten minutes after the first, not the last
    expect(await changeMails(asha)).toEqual([]);
    await jobsAt(5 * MINUTE + CHANGE_NOTICE_DELAY_MS);
    const [first] = await changeMails(asha);
    expect(first!.slice(2, 4)).toEqual([
      'Price: Rs 150 a seat (was Rs 120 a seat).',
      'Your standing booking goes on: the rides already booked keep their old terms, and the next ones are booked as the commute is now. You can change or stop it from your dashboard.',
    ]);

    at(30 * MINUTE);
    await edit({ pricePerSeat: 150, departureTime: '09:15' });
    at(32 * MINUTE);
    await edit({ pricePerSeat: 150 });
    await jobsAt(32 * MINUTE + CHANGE_NOTICE_DELAY_MS);
    expect(await changeMails(asha)).toHaveLength(1);
  });

  it('sends nothing for an edit of nothing a passenger rides on, tells a new return time only to those who ride back, and not to one who stood on it after the edit', async () => {
    const driver = await createUser(ctx, { first_name: 'Meera', last_name: 'Iyer' });
    const [asha, divya, kiran] = [
      await createUser(ctx, { first_name: 'Asha' }),
      await createUser(ctx, { first_name: 'Divya' }),
      await createUser(ctx, { first_name: 'Kiran' }),
    ];
    const { commute, edit } = await standingCommute(driver, [
      [asha, {}],
      [divya, { direction: 'OUTBOUND' }],
    ]);

    at(MINUTE);
    await edit({ seats: 4 });
    await jobsAt(MINUTE + CHANGE_NOTICE_DELAY_MS);
    expect(await changeMails(asha)).toEqual([]);

    at(20 * MINUTE);
    await edit({ seats: 4, returnTime: '18:30' });
    at(21 * MINUTE);
    const late = await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, kiran, { seats: 1 });
    expect(late.status).toBe(201);
    await jobsAt(20 * MINUTE + CHANGE_NOTICE_DELAY_MS);
    const [lines] = await changeMails(asha);
    expect(lines!.slice(1, 3)).toEqual([
      'Meera Iyer changed their commute from Whitefield to Koramangala:',
      'Return: back at 18:30 (was back at 18:00).',
    ]);
    expect(await changeMails(divya)).toEqual([]);
    expect(await changeMails(kiran)).toEqual([]);
  });
});
