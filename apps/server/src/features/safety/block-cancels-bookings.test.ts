import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commuteBody, createCommute } from '../../test/commutes.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { book, call, offerRide, PAST_SOON, seatState, SOON, TOMORROW } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const mailSubjects = async (to: TestUser) =>
  (await ctx.db.selectFrom('mails').select('subject').where('to_address', '=', to.email).execute()).map(
    (m) => m.subject,
  );

const bookingOf = async (viewer: TestUser, id: string) =>
  (await call(ctx, 'GET', '/api/bookings/my-bookings', viewer)).body.data.find((b: any) => b.id === id);

const block = (who: TestUser, whom: TestUser) => call(ctx, 'POST', `/api/users/${whom.id}/block`, who);

describe('blocking someone one shares a ride with', () => {
  it("cancels the blocked passenger's bookings on the driver's rides ahead as her reject, seats back, without counting against her", async () => {
    const driver = await createUser(ctx, { gender: 'FEMALE' });
    const harasser = await createUser(ctx);
    const bystander = await createUser(ctx);
    const ride = await offerRide(ctx, driver, { passengers: 3, instantBooking: true });
    const pending = await offerRide(ctx, driver, { departureTime: '18:00' });
    const confirmed = await book(ctx, harasser, ride.id, 2);
    const requested = await book(ctx, harasser, pending.id);
    const kept = await book(ctx, bystander, ride.id);
    expect(confirmed.status).toBe('CONFIRMED');

    expect((await block(driver, harasser)).status).toBe(200);

    expect(await bookingOf(harasser, confirmed.id)).toMatchObject({
      status: 'CANCELLED',
      cancelReason: 'DRIVER',
    });
    expect(await bookingOf(harasser, requested.id)).toMatchObject({
      status: 'CANCELLED',
      cancelReason: 'DRIVER',
    });
    expect(await bookingOf(bystander, kept.id)).toMatchObject({ status: 'CONFIRMED' });
    expect(await seatState(ctx, ride.id)).toEqual({ total: 3, available: 2, held: 1 });
    // Both, in one mail (block-one-mail.test.ts reads it).
    expect(await mailSubjects(harasser)).toEqual(['Bookings not accepted: Bengaluru to Mysuru']);
    const profile = await call(ctx, 'GET', `/api/users/${driver.id}`, bystander);
    expect(profile.body.data.stats).toMatchObject({ driverCancellations: 0 });
  });

  it("cancels the blocker's own bookings on the blocked driver's rides as her cancel, and the driver is told", async () => {
    const driver = await createUser(ctx);
    const passenger = await createUser(ctx);
    const ride = await offerRide(ctx, driver);
    const booking = await book(ctx, passenger, ride.id);

    await block(passenger, driver);

    expect(await bookingOf(passenger, booking.id)).toMatchObject({
      status: 'CANCELLED',
      cancelReason: 'PASSENGER',
    });
    expect(await seatState(ctx, ride.id)).toEqual({ total: 3, available: 3, held: 0 });
    expect(await mailSubjects(driver)).toContain('Booking cancelled: Bengaluru to Mysuru');
  });

  it('leaves a booking on a ride already under way as it is: that is history', async () => {
    const driver = await createUser(ctx);
    const passenger = await createUser(ctx);
    const ride = await offerRide(ctx, driver, { departureDate: '2026-11-22', departureTime: SOON });
    const booking = await book(ctx, passenger, ride.id);
    ctx.clock.advance(PAST_SOON);

    await block(driver, passenger);

    expect(await bookingOf(passenger, booking.id)).toMatchObject({ status: 'PENDING' });
  });

  it("ends the blocked passenger's standing booking on the driver's commute and cancels what it booked", async () => {
    const driver = await createUser(ctx);
    const passenger = await createUser(ctx);
    const commute = await createCommute(ctx, driver, commuteBody({ returnTime: null, startDate: TOMORROW }));
    const sub = await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, passenger, { seats: 1 });
    expect(sub.body.data.booked.length).toBeGreaterThan(0);

    await block(driver, passenger);
    await call(ctx, 'DELETE', `/api/users/${passenger.id}/block`, driver);

    const mine = (await call(ctx, 'GET', '/api/bookings/my-bookings', passenger)).body.data;
    expect(mine.map((b: any) => b.status)).toEqual(mine.map(() => 'CANCELLED'));
    // The standing booking is gone, so an unblock does not start booking the driver's rides again.
    const ended = await call(ctx, 'DELETE', `/api/commutes/${commute.id}/subscriptions/mine`, passenger);
    expect(ended.status).toBe(404);
  });
});
