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

  it("makes its booked rides women-only where only women hold seats, so a man can no longer book them; a ride a man booked stays open, as a ride's own edit refuses", async () => {
    ctx.clock.set(TEST_NOW);
    const driver = await createUser(ctx, { first_name: 'Meera', last_name: 'Iyer', gender: 'FEMALE' });
    const divya = await createUser(ctx, { first_name: 'Divya', gender: 'FEMALE' });
    const arun = await createUser(ctx, { first_name: 'Arun', gender: 'MALE' });
    const ravi = await createUser(ctx, { first_name: 'Ravi', gender: 'MALE' });
    const body = (overrides: Record<string, unknown> = {}) =>
      commuteBody({ days: ['MON', 'TUE'], returnTime: null, instantBooking: true, ...overrides });
    const commute = await createCommute(ctx, driver, body());
    const day = (date: string) => commute.upcoming.find((r: any) => r.departureDate === date);
    const [monday, tuesday] = [day('2026-11-23'), day('2026-11-24')];
    const subscribed = await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, divya, {
      seats: 1,
      days: ['MON'],
    });
    expect(subscribed.status).toBe(201);
    expect(
      (await call(ctx, 'POST', `/api/rides/${tuesday.id}/book`, arun, { seatsRequested: 1 })).status,
    ).toBe(201);
    const search = (user: TestUser, date: string) =>
      call(
        ctx,
        'GET',
        `/api/rides/search?from=Whitefield&to=Koramangala&date=${date}&passengers=1&womenOnly=true`,
        user,
      );
    expect((await search(divya, '2026-11-23')).body.data).toEqual([]); // kept by the search cache

    const edit = await call(ctx, 'PUT', `/api/commutes/${commute.id}`, driver, body({ womenOnly: true }));
    expect(edit.status).toBe(200);
    const womenOnly = new Map(edit.body.data.upcoming.map((r: any) => [r.id, r.womenOnly]));
    expect(womenOnly.get(monday.id)).toBe(true);
    expect(womenOnly.get(tuesday.id)).toBe(false);

    const refused = await call(ctx, 'POST', `/api/rides/${monday.id}/book`, ravi, { seatsRequested: 1 });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('This ride is for women only');
    expect((await call(ctx, 'GET', `/api/rides/${monday.id}`, divya)).body.data.womenOnly).toBe(true);
    expect((await search(divya, '2026-11-23')).body.data.map((r: any) => r.id)).toEqual([monday.id]);
  });

  it('ends, with one mail, the standing booking of a passenger whose profile no longer says she is a woman, rather than mailing "Not booked" for every new day', async () => {
    ctx.clock.set(TEST_NOW);
    const driver = await createUser(ctx, { first_name: 'Kavya', last_name: 'Rao', gender: 'FEMALE' });
    const alex = await createUser(ctx, { first_name: 'Alex', last_name: 'Pillai', gender: 'FEMALE' });
    const body = commuteBody({ days: ['MON'], returnTime: null, instantBooking: true, womenOnly: true });
    const commute = await createCommute(ctx, driver, body);
    const subscribed = await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, alex, {
      seats: 1,
    });
    expect(subscribed.status).toBe(201);
    const profile = await call(ctx, 'PUT', '/api/users/profile', alex, {
      firstName: 'Alex',
      lastName: 'Pillai',
      phone: alex.phone,
      gender: 'OTHER',
    });
    expect(profile.status).toBe(200);

    await runJobsAfter(ctx, WEEK); // the next Monday's ride is made
    await runJobsAfter(ctx, 2 * WEEK); // and the one after

    const subjects = await subjectsTo(ctx, alex.email);
    expect(subjects).not.toContain(NOT_BOOKED);
    expect(subjects.filter((s) => s === ENDED)).toHaveLength(1);
    const [lines] = await mailLinesTo(ctx, alex.email, ENDED);
    expect(lines!.slice(0, 2)).toEqual([
      'Hi Alex,',
      "Kavya Rao's commute from Whitefield to Koramangala is for women only, so your standing booking has ended. The rides already booked stay booked.",
    ]);
    expect(await bookedDates(alex)).toEqual(['2026-11-23', '2026-11-30']);
    const mine = await call(ctx, 'DELETE', `/api/commutes/${commute.id}/subscriptions/mine`, alex);
    expect(mine.status).toBe(404);
  });
});
