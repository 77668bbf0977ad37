import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commuteBody, createCommute } from '../../test/commutes.js';
import { createUser } from '../../test/factories.js';
import { call } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const body = (overrides: Record<string, unknown> = {}) =>
  commuteBody({ returnTime: null, stops: [{ place: 'Marathahalli', time: '08:50' }], ...overrides });

/** A ride of the commute as its driver sees it in the commute: day, time, seats, price, its stops' times. */
const dayOf = (commute: { upcoming: any[] }, date: string) => {
  const r = commute.upcoming.find((u) => u.departureDate === date);
  return `${r.departureTime} ${r.availableSeats}/${r.totalSeats} Rs ${r.pricePerSeat} ${r.stops.map((s: { time: string }) => s.time).join(' ')}`;
};

describe('editing a commute after a passenger cancelled a day', () => {
  it('changes the rides whose every booking was cancelled, as those never booked; the passenger is not booked again', async () => {
    const driver = await createUser(ctx);
    const asha = await createUser(ctx);
    const commute = await createCommute(ctx, driver, body());
    const sub = await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, asha, {
      seats: 1,
      days: ['MON'],
    });
    const [monday, nextMonday] = sub.body.data.booked;
    expect(nextMonday.date).toBe('2026-11-30');
    expect((await call(ctx, 'PUT', `/api/bookings/${nextMonday.bookingId}/cancel`, asha)).status).toBe(200);

    const edit = await call(
      ctx,
      'PUT',
      `/api/commutes/${commute.id}`,
      driver,
      body({
        departureTime: '09:00',
        stops: [{ place: 'Marathahalli', time: '09:20' }],
        seats: 2,
        pricePerSeat: 150,
      }),
    );
    expect(edit.status).toBe(200);
    // Asha holds a seat on the first Monday: that ride keeps what she booked.
    expect(dayOf(edit.body.data, '2026-11-23')).toBe('08:30 2/3 Rs 120 08:30 08:50 09:05');
    // Nobody holds a seat on the next one any more: it is the commute as it now is.
    expect(dayOf(edit.body.data, '2026-11-30')).toBe('09:00 2/2 Rs 150 09:00 09:20 09:35');
    expect(dayOf(edit.body.data, '2026-11-24')).toBe('09:00 2/2 Rs 150 09:00 09:20 09:35');
    // The same ride, so her cancelled booking's history stays; she cancelled that day, so no new request.
    expect(edit.body.data.upcoming.find((r: any) => r.departureDate === '2026-11-30').id).toBe(
      nextMonday.rideId,
    );
    const mine = await call(ctx, 'GET', '/api/bookings/my-bookings', asha);
    expect(
      mine.body.data
        .map((b: any) => `${b.ride.departureDate} ${b.ride.departureTime} ${b.status} ${b.cancelReason}`)
        .sort(),
    ).toEqual(['2026-11-23 08:30 PENDING null', '2026-11-30 09:00 CANCELLED PASSENGER']);
    expect(monday.status).toBe('PENDING');
    // Search finds it at its new time.
    const found = await call(
      ctx,
      'GET',
      '/api/rides/search?from=Whitefield&to=Koramangala&date=2026-11-30',
      asha,
    );
    expect(
      found.body.data.filter((r: any) => r.id === nextMonday.rideId).map((r: any) => r.departureTime),
    ).toEqual(['09:00']);
  });
});
