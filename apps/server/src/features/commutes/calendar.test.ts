import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.js';
import { book, bookSegment, call, offerRide } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { foldLine } from './calendar.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const VTIMEZONE =
  'BEGIN:VTIMEZONE\r\nTZID:Asia/Kolkata\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\n' +
  'TZOFFSETFROM:+0530\r\nTZOFFSETTO:+0530\r\nTZNAME:IST\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n';

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

  it('folds at 75 octets without splitting a character', () => {
    const folded = foldLine(`SUMMARY:${'क'.repeat(40)}`);
    expect(folded.split('\r\n ').map((l) => Buffer.byteLength(l))).toEqual([74, 54]);
  });
});
