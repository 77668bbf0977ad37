import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commuteBody, createCommute } from '../../test/commutes.js';
import { createUser } from '../../test/factories.js';
import { mailLinesTo, subjectsTo } from '../../test/jobs.js';
import { call } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const held = async (passenger: { auth: Record<string, string> }) => {
  const mine = await call(ctx, 'GET', '/api/bookings/my-bookings', passenger as never);
  return mine.body.data
    .filter((b: any) => b.status !== 'CANCELLED')
    .map((b: any) => `${b.ride.departureDate} ${b.ride.from} ${b.pickup.place}-${b.drop.place}`)
    .sort();
};

describe('a second subscribe with other terms', () => {
  it('gives up the days, direction and stops the new terms leave out, telling the driver; keeps what they still cover', async () => {
    const driver = await createUser(ctx, { first_name: 'Ravi', last_name: 'Kumar' });
    const asha = await createUser(ctx, { first_name: 'Asha', last_name: 'Rao' });
    const commute = await createCommute(
      ctx,
      driver,
      commuteBody({ instantBooking: true, stops: [{ place: 'Marathahalli', time: '08:50' }] }),
    );
    const url = `/api/commutes/${commute.id}/subscriptions`;
    const first = await call(ctx, 'POST', url, asha, { seats: 1 });
    expect(first.body.data.booked).toHaveLength(20);
    const mondayMorning = first.body.data.booked.find(
      (b: any) =>
        b.date === '2026-11-23' &&
        commute.upcoming.find((r: any) => r.id === b.rideId).direction === 'OUTBOUND',
    );

    // Mondays only, mornings only, from Marathahalli.
    const second = await call(ctx, 'POST', url, asha, {
      seats: 1,
      days: ['MON'],
      direction: 'OUTBOUND',
      fromStop: 1,
    });
    expect(second.status).toBe(201);
    expect(second.body.data.booked.map((b: any) => `${b.date} ${b.status}`)).toEqual([
      '2026-11-23 CONFIRMED',
      '2026-11-30 CONFIRMED',
    ]);
    expect(second.body.data.booked[0].bookingId).not.toBe(mondayMorning.bookingId);
    expect(await held(asha)).toEqual([
      '2026-11-23 Whitefield Marathahalli-Koramangala',
      '2026-11-30 Whitefield Marathahalli-Koramangala',
    ]);
    const mine = await call(ctx, 'GET', '/api/bookings/my-bookings', asha);
    const given = mine.body.data.filter((b: any) => b.status === 'CANCELLED');
    expect(given).toHaveLength(20);
    expect(new Set(given.map((b: any) => b.cancelReason))).toEqual(new Set(['PASSENGER']));
    const subjects = await subjectsTo(ctx, driver.email);
    // Told once, of all 20 rides given up, not in 20 mails.
    expect(subjects.filter((s) => s.includes('cancelled'))).toEqual([
      'Bookings cancelled: Whitefield to Koramangala',
    ]);
    const [told] = await mailLinesTo(ctx, driver.email, 'Bookings cancelled: Whitefield to Koramangala');
    expect(told!.filter((line) => line.startsWith('- '))).toHaveLength(20);

    // The same terms again change nothing.
    const again = await call(ctx, 'POST', url, asha, {
      seats: 1,
      days: ['MON'],
      direction: 'OUTBOUND',
      fromStop: 1,
    });
    expect(again.body.data.booked.map((b: any) => b.bookingId)).toEqual(
      second.body.data.booked.map((b: any) => b.bookingId),
    );
    expect((await subjectsTo(ctx, driver.email)).length).toBe(subjects.length);
  });
});
