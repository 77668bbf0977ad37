import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commuteBody, createCommute } from '../../test/commutes.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { mailLinesTo, runJobsAfter, subjectsTo } from '../../test/jobs.js';
import { call } from '../../test/marketplace.js';
import { createTestApp, TEST_NOW, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const WEEK = 7 * 86_400_000;
const ENDED = 'Standing booking ended: Whitefield to Koramangala';
const NOT_BOOKED = 'Not booked: Whitefield to Koramangala';

/** The dates of the passenger's open bookings. */
const bookedDates = async (passenger: TestUser) =>
  (await call(ctx, 'GET', '/api/bookings/my-bookings', passenger)).body.data
    .filter((b: any) => b.status !== 'CANCELLED')
    .map((b: any) => b.ride.departureDate)
    .sort();

describe('a commute its driver makes women-only', () => {
  it('ends the standing bookings of everyone who is not a woman, telling each once; their rides already booked stay booked', async () => {
    ctx.clock.set(TEST_NOW);
    const driver = await createUser(ctx, { first_name: 'Kavya', last_name: 'Rao', gender: 'FEMALE' });
    const arun = await createUser(ctx, { first_name: 'Arun', gender: 'MALE' });
    const sam = await createUser(ctx, { first_name: 'Sam' });
    const divya = await createUser(ctx, { first_name: 'Divya', gender: 'FEMALE' });
    const body = (overrides: Record<string, unknown> = {}) =>
      commuteBody({ days: ['MON'], returnTime: null, instantBooking: true, ...overrides });
    const commute = await createCommute(ctx, driver, body());
    for (const p of [arun, sam, divya]) {
      const res = await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, p, { seats: 1 });
      expect(res.status).toBe(201);
    }

    const edit = await call(ctx, 'PUT', `/api/commutes/${commute.id}`, driver, body({ womenOnly: true }));
    expect(edit.status).toBe(200);
    expect(edit.body.data.womenOnly).toBe(true);
    // The rides already booked keep their data, as for any edit: none is women-only under a man's booking.
    expect(edit.body.data.upcoming.map((r: any) => [r.departureDate, r.womenOnly])).toEqual([
      ['2026-11-23', false],
      ['2026-11-30', false],
    ]);
    await runJobsAfter(ctx, WEEK); // the next Monday's ride is made

    for (const p of [arun, sam]) {
      expect(await bookedDates(p)).toEqual(['2026-11-23', '2026-11-30']);
      const subjects = await subjectsTo(ctx, p.email);
      expect(subjects).not.toContain(NOT_BOOKED);
      expect(subjects.filter((s) => s === ENDED)).toHaveLength(1);
      const mine = await call(ctx, 'DELETE', `/api/commutes/${commute.id}/subscriptions/mine`, p);
      expect(mine.status).toBe(404);
    }
    const [lines] = await mailLinesTo(ctx, arun.email, ENDED);
    expect(lines!.slice(0, 2)).toEqual([
      'Hi Arun,',
      'Kavya Rao made their commute from Whitefield to Koramangala for women only, so your standing booking has ended. The rides already booked stay booked.',
    ]);
    // The woman's standing booking goes on booking the new days, which are women-only.
    expect(await bookedDates(divya)).toEqual(['2026-11-23', '2026-11-30', '2026-12-07']);
    expect(await subjectsTo(ctx, divya.email)).not.toContain(ENDED);
  });
});
