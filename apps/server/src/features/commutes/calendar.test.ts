import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR } from '@saathchalo/shared';
import { commuteBody as weekdayCommute } from '../../test/commutes.js';
import { createUser, freshSession, type TestUser } from '../../test/factories.js';
import { book, bookSegment, call, offerRide } from '../../test/marketplace.js';
import { createTestApp, TEST_NOW, type TestContext } from '../../test/test-app.js';
import { foldLine } from './calendar.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const VTIMEZONE =
  'BEGIN:VTIMEZONE\r\nTZID:Asia/Kolkata\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\n' +
  'TZOFFSETFROM:+0530\r\nTZOFFSETTO:+0530\r\nTZNAME:IST\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n';

const commuteBody = (overrides: Record<string, unknown> = {}) =>
  weekdayCommute({ days: ['MON', 'WED', 'FRI'], startDate: '2026-11-23', ...overrides });

async function commuteIcs(user: TestUser, id: string): Promise<string> {
  const res = await ctx.app.inject({ url: `/api/commutes/${id}/calendar.ics`, headers: user.auth });
  expect(res.statusCode).toBe(200);
  return res.body;
}

const fresh = (user: TestUser) => freshSession(ctx, user);

describe('calendar files (RFC 5545)', () => {
  it('a booking: its pickup time in IST, the route, escaped and folded, CRLF, no organizer', async () => {
    const driver = await createUser(ctx, { first_name: 'Ravi', last_name: 'Kumar' });
    const passenger = await createUser(ctx);
    const ride = await offerRide(ctx, driver, {
      departureDate: '2026-11-25',
      departureTime: '08:30',
      carModel: 'Swift; white, new',
    });
    const booking = await book(ctx, passenger, ride.id);
    const res = await ctx.app.inject({
      url: `/api/bookings/${booking.id}/calendar.ics`,
      headers: passenger.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.body).toBe(
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//SaathChalo//Commuter mode//EN\r\nCALSCALE:GREGORIAN\r\n' +
        'METHOD:PUBLISH\r\n' +
        VTIMEZONE +
        'BEGIN:VEVENT\r\n' +
        `UID:booking-${booking.id}@saathchalo\r\n` +
        'DTSTAMP:20261122T043000Z\r\n' +
        'DTSTART;TZID=Asia/Kolkata:20261125T083000\r\n' +
        // Its drop: the arrival at Mysuru as the ride's points estimate it.
        'DTEND;TZID=Asia/Kolkata:20261125T114200\r\n' +
        'SUMMARY:Ride: Bengaluru to Mysuru\r\n' +
        'LOCATION:Bengaluru\r\n' +
        foldLine(
          'DESCRIPTION:Bengaluru to Mysuru with Ravi Kumar\\, Swift\\; white\\, new (KA01AB1234). Seats: 1. http://app.test/dashboard',
        ) +
        '\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n',
    );
    expect(res.body.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(res.body).not.toContain('ORGANIZER');
    const stranger = await createUser(ctx);
    expect((await call(ctx, 'GET', `/api/bookings/${booking.id}/calendar.ics`, stranger)).status).toBe(403);
  });

  it("a booking's calendar refuses anyone but its passenger and driver: 403, saying why, as the booking's other calls do", async () => {
    const driver = await createUser(ctx);
    const passenger = await createUser(ctx);
    const stranger = await createUser(ctx);
    const ride = await offerRide(ctx, driver, { departureDate: '2026-11-25', departureTime: '08:30' });
    const booking = await book(ctx, passenger, ride.id);
    const url = (id: string) => `/api/bookings/${id}/calendar.ics`;
    for (const party of [passenger, driver]) {
      expect((await ctx.app.inject({ url: url(booking.id), headers: party.auth })).statusCode).toBe(200);
    }
    const ics = (user: TestUser, id = booking.id) => call(ctx, 'GET', url(id), user);
    const refused = await ics(stranger);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      success: false,
      data: null,
      message: ERR.notAuthorizedBookingView,
      error: ERR.notAuthorizedBookingView,
      code: 'NOT_BOOKING_PARTY',
    });
    // Not a party either way: the same status and code as cancelling or sharing it.
    const cancel = await call(ctx, 'PUT', `/api/bookings/${booking.id}/cancel`, stranger);
    expect(cancel).toMatchObject({ status: 403, body: { code: 'NOT_BOOKING_PARTY' } });
    const share = await call(ctx, 'POST', `/api/bookings/${booking.id}/share`, stranger);
    expect(share).toMatchObject({ status: 403, body: { code: 'NOT_BOOKING_PARTY' } });
    const unknown = await ics(stranger, 'nope');
    expect(unknown).toMatchObject({ status: 404, body: { error: ERR.bookingNotFound } });
  });

  it('a booking from a stop: starts at its pickup (time and place) and ends at its drop', async () => {
    const driver = await createUser(ctx, { first_name: 'Ravi', last_name: 'Kumar' });
    const passenger = await createUser(ctx);
    const ride = await offerRide(ctx, driver, {
      departureDate: '2026-11-25',
      departureTime: '08:30',
      stops: [
        { place: 'Mandya', time: '09:15' },
        { place: 'Srirangapatna', time: '09:50' },
      ],
    });
    const booked = await bookSegment(ctx, passenger, ride.id, { fromStop: 1, toStop: 2 });
    expect(booked.status).toBe(201);
    const res = await ctx.app.inject({
      url: `/api/bookings/${booked.body.data.id}/calendar.ics`,
      headers: passenger.auth,
    });
    const event = res.body.split('\r\n').filter((l) => /^(DTSTART;|DTEND;|SUMMARY|LOCATION)/.test(l));
    expect(event).toEqual([
      'DTSTART;TZID=Asia/Kolkata:20261125T091500',
      'DTEND;TZID=Asia/Kolkata:20261125T095000',
      'SUMMARY:Ride: Mandya to Srirangapatna',
      'LOCATION:Mandya',
    ]);
  });

  it('a commute: a weekly RRULE on its days until its end, and its return trip', async () => {
    const driver = await createUser(ctx, { first_name: 'Ravi', last_name: 'Kumar' });
    const made = await call(ctx, 'POST', '/api/commutes', driver, {
      ...{ from: 'Whitefield', to: 'Koramangala', days: ['MON', 'WED', 'FRI'], departureTime: '08:30' },
      ...{ returnTime: '18:00', startDate: '2026-11-23', endDate: '2026-12-31', seats: 3, pricePerSeat: 120 },
      ...{ carModel: 'Swift', carNumber: 'KA01AB1234' },
    });
    const res = await ctx.app.inject({
      url: `/api/commutes/${made.body.data.id}/calendar.ics`,
      headers: driver.auth,
    });
    const lines = res.body.split('\r\n');
    expect(lines.filter((l) => l.startsWith('RRULE'))).toEqual([
      'RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20261231T182959Z',
      'RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20261231T182959Z',
    ]);
    expect(lines.filter((l) => l.startsWith('DTSTART;'))).toEqual([
      'DTSTART;TZID=Asia/Kolkata:20261123T083000',
      'DTSTART;TZID=Asia/Kolkata:20261123T180000',
    ]);
    expect(lines.filter((l) => l.startsWith('SUMMARY'))).toEqual([
      'SUMMARY:Commute: Whitefield to Koramangala',
      'SUMMARY:Commute: Koramangala to Whitefield',
    ]);
  });

  it("a commute's events link to the driver's My Commutes screen, where the web app shows it", async () => {
    const driver = await createUser(ctx, { first_name: 'Ravi', last_name: 'Kumar' });
    const made = await call(ctx, 'POST', '/api/commutes', driver, commuteBody({ returnTime: null }));
    const ics = await commuteIcs(driver, made.body.data.id);
    expect(ics).toContain(
      `\r\n${foldLine('DESCRIPTION:Commute with Ravi Kumar\\, Swift (KA01AB1234). http://app.test/my-commutes')}\r\n`,
    );
  });

  it('a commute starting on a day it does not run: DTSTART is its first day, no extra occurrence', async () => {
    const driver = await createUser(ctx);
    const made = await call(ctx, 'POST', '/api/commutes', driver, {
      ...commuteBody({ days: ['MON', 'TUE', 'WED', 'THU', 'FRI'] }),
      startDate: '2026-11-22', // a Sunday
    });
    const lines = (await commuteIcs(driver, made.body.data.id)).split('\r\n');
    expect(lines.filter((l) => /^(DTSTART;|RRULE)/.test(l))).toEqual([
      'DTSTART;TZID=Asia/Kolkata:20261123T083000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
      'DTSTART;TZID=Asia/Kolkata:20261123T180000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    ]);
  });

  it('a commute made on its first day after that day has left: its series start with the first ride it has', async () => {
    try {
      const driver = await createUser(ctx);
      const body = commuteBody({ days: ['MON', 'TUE', 'WED', 'THU', 'FRI'], startDate: '2026-11-27' });
      const starts = async () => {
        const made = await call(ctx, 'POST', '/api/commutes', await fresh(driver), body);
        expect(made.status).toBe(201);
        const lines = (await commuteIcs(await fresh(driver), made.body.data.id)).split('\r\n');
        return lines.filter((l) => l.startsWith('DTSTART;'));
      };
      // Friday 27th, 19:00 IST: neither of Friday's rides is made, the first ones are Monday's.
      ctx.clock.set(Date.parse('2026-11-27T13:30:00.000Z'));
      expect(await starts()).toEqual([
        'DTSTART;TZID=Asia/Kolkata:20261130T083000',
        'DTSTART;TZID=Asia/Kolkata:20261130T180000',
      ]);
      // Friday 27th, 12:00 IST: the morning has left, the evening's return has not.
      ctx.clock.set(Date.parse('2026-11-27T06:30:00.000Z'));
      expect(await starts()).toEqual([
        'DTSTART;TZID=Asia/Kolkata:20261130T083000',
        'DTSTART;TZID=Asia/Kolkata:20261127T180000',
      ]);
    } finally {
      ctx.clock.set(Date.parse(TEST_NOW));
    }
  });

  it('a commute edited while some rides were booked: those keep their time in the calendar, as they keep it on the road', async () => {
    const driver = await createUser(ctx);
    const asha = await createUser(ctx);
    const body = commuteBody({ days: ['MON', 'TUE', 'WED', 'THU', 'FRI'], returnTime: null });
    const events = async (edit: Record<string, unknown>) => {
      const made = await call(ctx, 'POST', '/api/commutes', driver, body);
      const id = made.body.data.id;
      await call(ctx, 'POST', `/api/commutes/${id}/subscriptions`, asha, { seats: 1, days: ['MON'] });
      const edited = await call(ctx, 'PUT', `/api/commutes/${id}`, driver, { ...body, ...edit });
      expect(edited.status).toBe(200);
      const monday = edited.body.data.upcoming.find(
        (r: { departureDate: string }) => r.departureDate === '2026-11-23',
      );
      // Unfolded: a ride's own UID is longer than a line.
      const lines = (await commuteIcs(driver, id)).replace(/\r\n /g, '').split('\r\n');
      const shown = lines.filter((l) => /^(BEGIN:VEVENT|UID|RECURRENCE-ID|DTSTART;|DTEND;|RRULE)/.test(l));
      return shown.map((l) => l.replace(id, 'C').replace(monday.id, 'R1'));
    };
    // Moved to 09:00: the two Mondays Asha booked still leave at 08:30, overriding the series' 09:00.
    const moved = await events({ departureTime: '09:00' });
    expect(moved.slice(0, 5)).toEqual([
      'BEGIN:VEVENT',
      'UID:commute-C-out@saathchalo',
      'DTSTART;TZID=Asia/Kolkata:20261123T090000',
      'DTEND;TZID=Asia/Kolkata:20261123T100000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    ]);
    expect(moved.slice(5, 10)).toEqual([
      'BEGIN:VEVENT',
      'UID:commute-C-out@saathchalo',
      'RECURRENCE-ID;TZID=Asia/Kolkata:20261123T090000',
      'DTSTART;TZID=Asia/Kolkata:20261123T083000',
      'DTEND;TZID=Asia/Kolkata:20261123T093000',
    ]);
    expect(moved.slice(10)).toEqual([
      'BEGIN:VEVENT',
      'UID:commute-C-out@saathchalo',
      'RECURRENCE-ID;TZID=Asia/Kolkata:20261130T090000',
      'DTSTART;TZID=Asia/Kolkata:20261130T083000',
      'DTEND;TZID=Asia/Kolkata:20261130T093000',
    ]);
    // Mondays dropped: the booked Mondays still happen, as events of their own.
    const dropped = await events({ days: ['TUE', 'WED', 'THU', 'FRI'] });
    expect(dropped.slice(0, 5)).toEqual([
      'BEGIN:VEVENT',
      'UID:commute-C-out@saathchalo',
      'DTSTART;TZID=Asia/Kolkata:20261124T083000',
      'DTEND;TZID=Asia/Kolkata:20261124T093000',
      'RRULE:FREQ=WEEKLY;BYDAY=TU,WE,TH,FR',
    ]);
    expect(dropped.slice(5, 9)).toEqual([
      'BEGIN:VEVENT',
      'UID:commute-C-R1@saathchalo',
      'DTSTART;TZID=Asia/Kolkata:20261123T083000',
      'DTEND;TZID=Asia/Kolkata:20261123T093000',
    ]);
    expect(dropped).toHaveLength(13);
  });

  it('a commute with a skipped day: an EXDATE for that occurrence, on its direction only', async () => {
    const driver = await createUser(ctx);
    const made = await call(ctx, 'POST', '/api/commutes', driver, commuteBody());
    const wednesday = made.body.data.upcoming.find(
      (r: { departureDate: string; direction: string }) =>
        r.departureDate === '2026-11-25' && r.direction === 'OUTBOUND',
    );
    const skip = await call(ctx, 'PUT', `/api/rides/${wednesday.id}/status?status=CANCELLED`, driver);
    expect(skip.status).toBe(200);
    const lines = (await commuteIcs(driver, made.body.data.id)).split('\r\n');
    expect(lines.filter((l) => /^(BEGIN:VEVENT|DTSTART;|RRULE|EXDATE)/.test(l))).toEqual([
      'BEGIN:VEVENT',
      'DTSTART;TZID=Asia/Kolkata:20261123T083000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR',
      'EXDATE;TZID=Asia/Kolkata:20261125T083000',
      'BEGIN:VEVENT',
      'DTSTART;TZID=Asia/Kolkata:20261123T180000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR',
    ]);
  });

  it('a stopped commute repeats until it was stopped, and one stopped before its first ride has no event', async () => {
    try {
      const driver = await createUser(ctx);
      const made = await call(ctx, 'POST', '/api/commutes', driver, commuteBody({ returnTime: null }));
      const early = await call(ctx, 'POST', '/api/commutes', driver, commuteBody({ returnTime: null }));
      expect((await call(ctx, 'DELETE', `/api/commutes/${early.body.data.id}`, driver)).status).toBe(200);
      ctx.clock.set(Date.parse('2026-11-25T04:30:00.000Z')); // Wednesday 25th, 10:00 IST
      const later = await fresh(driver);
      expect((await call(ctx, 'DELETE', `/api/commutes/${made.body.data.id}`, later)).status).toBe(200);
      const lines = (await commuteIcs(later, made.body.data.id)).split('\r\n');
      expect(lines.filter((l) => /^(DTSTART;|RRULE|EXDATE)/.test(l))).toEqual([
        'DTSTART;TZID=Asia/Kolkata:20261123T083000',
        'RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20261125T043000Z',
      ]);
      expect(await commuteIcs(later, early.body.data.id)).not.toContain('BEGIN:VEVENT');
    } finally {
      ctx.clock.set(Date.parse(TEST_NOW));
    }
  });

  it('folds at 75 octets without splitting a character', () => {
    const folded = foldLine(`SUMMARY:${'क'.repeat(40)}`);
    expect(folded.split('\r\n ').map((l) => Buffer.byteLength(l))).toEqual([74, 54]);
  });
});
