import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, openSession, type TestUser } from '../../test/factories.js';
import { book, call, dateSequence, offerRide, PAST_SOON, SOON, TOMORROW } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const nextDate = dateSequence();
const DAY = 86_400_000;
const fresh = async (u: TestUser): Promise<TestUser> => ({
  ...u,
  auth: { authorization: `Bearer ${await openSession(ctx, u.id)}` },
});

describe('driver reliability: stats on public profiles and ride drivers', () => {
  it('counts completed rides, and rides with bookings the driver cancelled in the last 90 days', async () => {
    const driver = await createUser(ctx);
    const passenger = await createUser(ctx);
    const viewer = await createUser(ctx);
    const statsOf = async (v: TestUser) =>
      (await call(ctx, 'GET', `/api/users/${driver.id}`, v)).body.data.stats;
    expect(await statsOf(viewer)).toEqual({ ridesCompleted: 0, driverCancellations: 0, cancellationRate: 0 });

    // Cancelled with a pending booking: counts. Cancelled with none: does not.
    const booked = await offerRide(ctx, driver, { departureTime: '11:00' });
    await book(ctx, passenger, booked.id);
    await call(ctx, 'DELETE', `/api/rides/${booked.id}/cancel`, driver);
    const empty = await offerRide(ctx, driver, { departureTime: '12:00' });
    await call(ctx, 'DELETE', `/api/rides/${empty.id}/cancel`, driver);
    // A confirmed seat taken back counts; a request declined does not.
    const confirmed = await offerRide(ctx, driver, { departureTime: '13:00', instantBooking: true });
    const seat = await book(ctx, passenger, confirmed.id);
    await call(ctx, 'PUT', `/api/bookings/${seat.id}/cancel`, driver);
    const declined = await offerRide(ctx, driver, { departureTime: '14:00' });
    const request = await book(ctx, passenger, declined.id);
    await call(ctx, 'PUT', `/api/bookings/${request.id}/cancel`, driver);
    // Deleted while booked: counts.
    const deleted = await offerRide(ctx, driver, { departureTime: '15:00' });
    await book(ctx, passenger, deleted.id);
    await call(ctx, 'DELETE', `/api/rides/${deleted.id}`, driver);
    // Completed after it left.
    const trip = await offerRide(ctx, driver, {
      departureDate: '2026-11-22',
      departureTime: SOON,
      instantBooking: true,
    });
    await book(ctx, passenger, trip.id);
    ctx.clock.advance(PAST_SOON);
    expect((await call(ctx, 'PUT', `/api/rides/${trip.id}/status?status=COMPLETED`, driver)).status).toBe(
      200,
    );

    expect(await statsOf(viewer)).toEqual({
      ridesCompleted: 1,
      driverCancellations: 3,
      cancellationRate: 0.75,
    });
    const ride = await offerRide(ctx, driver, { departureDate: TOMORROW, departureTime: '18:00' });
    expect((await call(ctx, 'GET', `/api/rides/${ride.id}`, viewer)).body.data.driver).toMatchObject({
      emailVerified: true,
      phoneVerified: false,
      stats: { ridesCompleted: 1, driverCancellations: 3, cancellationRate: 0.75 },
    });

    // 90 days on, the cancellations have aged out; the completed ride stays.
    ctx.clock.advance(91 * DAY);
    expect(await statsOf(await fresh(viewer))).toEqual({
      ridesCompleted: 1,
      driverCancellations: 0,
      cancellationRate: 0,
    });
    ctx.clock.advance(-91 * DAY - PAST_SOON);
  });

  it('shows a driver’s stats in search results, fresh after their next cancellation', async () => {
    const driver = await createUser(ctx);
    const passenger = await createUser(ctx);
    const viewer = await createUser(ctx);
    const date = nextDate();
    await offerRide(ctx, driver, { from: 'Nagpur', to: 'Wardha', departureDate: date });
    const q = `/api/rides/search?from=Nagpur&to=Wardha&date=${date}`;
    const before = (await call(ctx, 'GET', q, viewer)).body.data[0].driver;
    expect(before).toMatchObject({
      stats: { ridesCompleted: 0, driverCancellations: 0, cancellationRate: 0 },
    });
    // A cancellation on another of the driver's rides changes what this kept page shows.
    const other = await offerRide(ctx, driver, { from: 'Nagpur', to: 'Amravati', departureDate: date });
    await book(ctx, passenger, other.id);
    await call(ctx, 'DELETE', `/api/rides/${other.id}/cancel`, driver);
    const after = (await call(ctx, 'GET', q, viewer)).body.data[0].driver;
    expect(after.stats).toEqual({ ridesCompleted: 0, driverCancellations: 1, cancellationRate: 1 });
    const filter = (await call(ctx, 'GET', `/api/rides/filter?from=Nagpur&to=Wardha&date=${date}`, viewer))
      .body.data[0].driver;
    expect(filter.stats).toEqual(after.stats);
  });
});
