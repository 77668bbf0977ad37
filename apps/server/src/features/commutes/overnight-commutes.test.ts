import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { istToUtcMs } from '@saathchalo/shared';
import { createCommute as createCommuteVia, nightShiftBody } from '../../test/commutes.js';
import { createUser, freshSession, type TestUser } from '../../test/factories.js';
import { runJobs } from '../../test/jobs.js';
import { book, call } from '../../test/marketplace.js';
import { createTestApp, TEST_NOW, type TestContext } from '../../test/test-app.js';

/*
 * A night shift: out at 22:00, back at 06:00. The return of commute day D leaves on D+1 (the next
 * morning), and everything that reasons about a commute's days reads it as day D's.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const DAY = 86_400_000;
/** The test clock starts on Sunday 22 November 2026, 10:00 IST. */
const at = (offsetMs: number) => ctx.clock.set(Date.parse(TEST_NOW) + offsetMs);
const fresh = (user: TestUser) => freshSession(ctx, user);

const dates = (days: string) => days.split(' ').map((d) => `2026-${d}`);
/** Mon–Fri in the horizon seen from Sunday 22 November; the nights' returns leave Tue–Sat. */
const NIGHTS = dates('11-23 11-24 11-25 11-26 11-27 11-30 12-01 12-02 12-03 12-04');
const MORNINGS = dates('11-24 11-25 11-26 11-27 11-28 12-01 12-02 12-03 12-04 12-05');
const WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI'];

const nightShift = nightShiftBody;
const createCommute = (driver: TestUser, overrides: Record<string, unknown> = {}) =>
  createCommuteVia(ctx, driver, nightShift(overrides));

const ridesOf = (commuteId: string, direction: 'OUTBOUND' | 'RETURN') =>
  ctx.db
    .selectFrom('rides')
    .select(['id', 'departure_date', 'departure_time', 'departure_at', 'status'])
    .where('commute_id', '=', commuteId)
    .where('direction', '=', direction)
    .where('deleted_at', 'is', null)
    .orderBy('departure_at')
    .execute();
const bookedRide = (passenger: TestUser) =>
  ctx.db.selectFrom('bookings').select('ride_id').where('passenger_id', '=', passenger.id).execute();
const when = (rides: { departure_date: string; departure_time: string }[]) =>
  rides.map((r) => `${r.departure_date} ${r.departure_time}`);

describe('a commute whose return is earlier than its departure (a night shift)', () => {
  it('materialises each night’s return the next morning, its points too, idempotently', async () => {
    at(0);
    const driver = await createUser(ctx);
    const commute = await createCommute(driver);
    expect((await ridesOf(commute.id, 'OUTBOUND')).map((r) => r.departure_date)).toEqual(NIGHTS);
    const back = await ridesOf(commute.id, 'RETURN');
    expect(when(back)).toEqual(MORNINGS.map((d) => `${d} 06:00`));
    expect(Number(back[0]!.departure_at)).toBe(istToUtcMs('2026-11-24', '06:00'));
    const points = await ctx.db
      .selectFrom('ride_points')
      .select(['departure_date', 'at'])
      .where('ride_id', '=', back[0]!.id)
      .orderBy('idx')
      .execute();
    expect(points.map((p) => p.departure_date)).toEqual(['2026-11-24', '2026-11-24']);
    expect(Number(points[0]!.at)).toBe(istToUtcMs('2026-11-24', '06:00'));
    await runJobs(ctx);
    await runJobs(ctx);
    expect(await ridesOf(commute.id, 'RETURN')).toHaveLength(10);
    // Tuesday: Monday 7 December enters the horizon, and its return on the 8th, one day past it.
    at(2 * DAY);
    await runJobs(ctx);
    await runJobs(ctx);
    expect((await ridesOf(commute.id, 'OUTBOUND')).map((r) => r.departure_date).slice(-1)).toEqual([
      '2026-12-07',
    ]);
    expect(when(await ridesOf(commute.id, 'RETURN')).slice(-2)).toEqual([
      '2026-12-05 06:00',
      '2026-12-08 06:00',
    ]);
  });

  it('made late on its first night: the outbound that left is not made, its return next morning is', async () => {
    at(DAY + 13 * 3_600_000); // Monday 23 November, 23:00 IST
    const driver = await fresh(await createUser(ctx));
    const commute = await createCommute(driver, { days: ['MON'], startDate: '2026-11-23' });
    expect(when(await ridesOf(commute.id, 'OUTBOUND'))).toEqual(['2026-11-30 22:00']);
    expect(when(await ridesOf(commute.id, 'RETURN'))).toEqual(['2026-11-24 06:00', '2026-12-01 06:00']);
  });

  it('a daytime commute keeps its return on the same day', async () => {
    at(0);
    const driver = await createUser(ctx);
    const commute = await createCommute(driver, { departureTime: '08:30', returnTime: '18:00' });
    expect(when(await ridesOf(commute.id, 'RETURN'))).toEqual(NIGHTS.map((d) => `${d} 18:00`));
    expect(commute.upcoming.find((r: { direction: string }) => r.direction === 'RETURN').days).toEqual(
      WEEKDAYS,
    );
  });

  it('its return rides show the days they leave on (Tue–Sat), in the commute and in search', async () => {
    at(0);
    const driver = await createUser(ctx);
    const searcher = await createUser(ctx);
    const commute = await createCommute(driver, { from: 'Hebbal', to: 'Electronic City' });
    const days = (direction: string) =>
      commute.upcoming.find((r: { direction: string }) => r.direction === direction).days;
    expect(days('OUTBOUND')).toEqual(WEEKDAYS);
    expect(days('RETURN')).toEqual(['TUE', 'WED', 'THU', 'FRI', 'SAT']);
    expect(commute.upcoming).toHaveLength(20);
    const url = '/api/rides/search?from=electronic&to=hebbal&date=2026-11-28';
    const found = (await call(ctx, 'GET', url, searcher)).body.data;
    expect(found.map((r: { commuteId: string; days: string[] }) => [r.commuteId, r.days])).toEqual([
      [commute.id, ['TUE', 'WED', 'THU', 'FRI', 'SAT']],
    ]);
    const one = await call(ctx, 'GET', `/api/rides/${found[0].id}`, searcher);
    expect(one.body.data).toMatchObject({ direction: 'RETURN', days: ['TUE', 'WED', 'THU', 'FRI', 'SAT'] });
  });

  it('a standing booking on Mondays books Monday night and the Tuesday morning after, now and later', async () => {
    at(0);
    const driver = await createUser(ctx);
    const asha = await createUser(ctx);
    const ravi = await createUser(ctx);
    const commute = await createCommute(driver);
    const url = `/api/commutes/${commute.id}/subscriptions`;
    const sub = await call(ctx, 'POST', url, asha, { seats: 1, days: ['MON'] });
    expect(sub.status).toBe(201);
    expect(sub.body.data.booked.map((b: { date: string }) => b.date)).toEqual(
      dates('11-23 11-24 11-30 12-01'),
    );
    const back = await call(ctx, 'POST', url, ravi, { seats: 1, days: ['FRI'], direction: 'RETURN' });
    expect(back.body.data.booked.map((b: { date: string }) => b.date)).toEqual(dates('11-28 12-05'));
    at(2 * DAY); // Monday 7 December enters the horizon: its night and the morning after are booked
    await runJobs(ctx);
    const mine = await call(ctx, 'GET', '/api/bookings/my-bookings', await fresh(asha));
    const booked = mine.body.data.map(
      (b: { ride: { departureDate: string; departureTime: string } }) =>
        `${b.ride.departureDate} ${b.ride.departureTime}`,
    );
    expect(booked.sort()).toEqual([
      '2026-11-23 22:00',
      '2026-11-24 06:00',
      '2026-11-30 22:00',
      '2026-12-01 06:00',
      '2026-12-07 22:00',
      '2026-12-08 06:00',
    ]);
  });
});

describe('an overnight return through edits, skips, stops and calendars', () => {
  it('an edit moving the return across midnight and back: each date one return, booked ones kept', async () => {
    at(0);
    const driver = await createUser(ctx);
    const asha = await createUser(ctx);
    const commute = await createCommute(driver, { departureTime: '08:30', returnTime: '18:00' });
    const wednesday = (await ridesOf(commute.id, 'RETURN')).find((r) => r.departure_date === '2026-11-25')!;
    await book(ctx, asha, wednesday.id);
    const url = `/api/commutes/${commute.id}`;
    expect((await call(ctx, 'PUT', url, driver, nightShift())).status).toBe(200);
    // The booked Wednesday 18:00 return keeps its data and its date (so Tuesday night's return, which
    // would leave that date, is not made); every other night's comes back the next morning.
    expect(when(await ridesOf(commute.id, 'RETURN'))).toEqual([
      '2026-11-24 06:00',
      '2026-11-25 18:00',
      ...dates('11-26 11-27 11-28 12-01 12-02 12-03 12-04 12-05').map((d) => `${d} 06:00`),
    ]);
    expect(when(await ridesOf(commute.id, 'OUTBOUND'))).toEqual(NIGHTS.map((d) => `${d} 22:00`));
    const daytime = nightShift({ departureTime: '08:30', returnTime: '18:00' });
    expect((await call(ctx, 'PUT', url, driver, daytime)).status).toBe(200);
    expect(when(await ridesOf(commute.id, 'RETURN'))).toEqual(NIGHTS.map((d) => `${d} 18:00`));
    expect(when(await ridesOf(commute.id, 'OUTBOUND'))).toEqual(NIGHTS.map((d) => `${d} 08:30`));
    expect((await bookedRide(asha)).map((b) => b.ride_id)).toEqual([wednesday.id]);
  });

  it('skipping a morning return cancels that ride for good; stopping cancels every future one', async () => {
    at(0);
    const driver = await createUser(ctx);
    const commute = await createCommute(driver);
    const friday = (await ridesOf(commute.id, 'RETURN')).find((r) => r.departure_date === '2026-11-28')!;
    expect((await call(ctx, 'PUT', `/api/rides/${friday.id}/status?status=CANCELLED`, driver)).status).toBe(
      200,
    );
    at(DAY + 3_600_000); // Monday 23rd, 11:00 IST: the job runs again, and makes nothing twice
    await runJobs(ctx);
    const back = await ridesOf(commute.id, 'RETURN');
    expect(back.filter((r) => r.departure_date === '2026-11-28').map((r) => r.status)).toEqual(['CANCELLED']);
    expect(back).toHaveLength(10);
    expect((await call(ctx, 'DELETE', `/api/commutes/${commute.id}`, await fresh(driver))).status).toBe(200);
    expect(new Set((await ridesOf(commute.id, 'RETURN')).map((r) => r.status))).toEqual(
      new Set(['CANCELLED']),
    );
  });

  it('its calendar: the return event starts the morning after, on the days after, until the day after the end', async () => {
    at(0);
    const driver = await createUser(ctx);
    const commute = await createCommute(driver, {
      ...{ days: ['MON', 'WED', 'FRI'], startDate: '2026-11-23', endDate: '2027-01-01' },
    });
    const thursday = (await ridesOf(commute.id, 'RETURN')).find((r) => r.departure_date === '2026-11-26')!;
    await call(ctx, 'PUT', `/api/rides/${thursday.id}/status?status=CANCELLED`, driver);
    const res = await ctx.app.inject({
      url: `/api/commutes/${commute.id}/calendar.ics`,
      headers: driver.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(
      res.body.split('\r\n').filter((l) => /^(BEGIN:VEVENT|DTSTART;|DTEND;|RRULE|EXDATE)/.test(l)),
    ).toEqual([
      'BEGIN:VEVENT',
      'DTSTART;TZID=Asia/Kolkata:20261123T220000',
      'DTEND;TZID=Asia/Kolkata:20261123T230000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20270101T182959Z',
      'BEGIN:VEVENT',
      'DTSTART;TZID=Asia/Kolkata:20261124T060000',
      'DTEND;TZID=Asia/Kolkata:20261124T070000',
      'RRULE:FREQ=WEEKLY;BYDAY=TU,TH,SA;UNTIL=20270102T182959Z',
      'EXDATE;TZID=Asia/Kolkata:20261126T060000',
    ]);
  });

  it("a booking's calendar on a morning return starts at its pickup, that morning", async () => {
    at(0);
    const driver = await createUser(ctx);
    const asha = await createUser(ctx);
    const commute = await createCommute(driver, { days: ['MON'] });
    const sub = await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, asha, {
      ...{ seats: 1, days: ['MON'], direction: 'RETURN' },
    });
    const first = sub.body.data.booked[0];
    expect(first.date).toBe('2026-11-24');
    const res = await ctx.app.inject({
      url: `/api/bookings/${first.bookingId}/calendar.ics`,
      headers: asha.auth,
    });
    expect(res.body.split('\r\n').filter((l) => l.startsWith('DTSTART;'))).toEqual([
      'DTSTART;TZID=Asia/Kolkata:20261124T060000',
    ]);
  });
});
