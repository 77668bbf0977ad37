import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '@saathchalo/shared';
import { expectReply } from '../../test/contract-reply.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { book, call, offerRide, PAST_SOON, SOON } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** Two passengers on a ride that departed and was completed. */
async function completedTrip() {
  const driver = await createUser(ctx);
  const [asha, ravi] = [await createUser(ctx), await createUser(ctx)];
  const ride = await offerRide(ctx, driver, {
    departureDate: '2026-11-22',
    departureTime: SOON,
    instantBooking: true,
  });
  await book(ctx, asha, ride.id);
  await book(ctx, ravi, ride.id);
  ctx.clock.advance(PAST_SOON);
  expect((await call(ctx, 'PUT', `/api/rides/${ride.id}/status?status=COMPLETED`, driver)).status).toBe(200);
  ctx.clock.advance(-PAST_SOON);
  return { driver, asha, ravi, rideId: ride.id };
}

/** Each listed booking's passenger and whether the viewer has rated the other side of it. */
async function ratedByMe(
  viewer: TestUser,
  call_: typeof contract.myBookings | typeof contract.myRideBookings,
) {
  const res = await call(ctx, 'GET', `/api${call_.path}`, viewer);
  return Object.fromEntries(expectReply(res, call_).map((b) => [b.passengerId, b.ratedByMe]));
}

describe('whether one has rated the other side of a booking', () => {
  it('is told in my bookings and in my ride bookings, per person, once a rating is given', async () => {
    const { driver, asha, ravi, rideId } = await completedTrip();
    expect(await ratedByMe(asha, contract.myBookings)).toEqual({ [asha.id]: false });

    await call(ctx, 'POST', '/api/ratings', asha, { rideId, rateeId: driver.id, rating: 5 });
    await call(ctx, 'POST', '/api/ratings', driver, { rideId, rateeId: ravi.id, rating: 4 });

    expect(await ratedByMe(asha, contract.myBookings)).toEqual({ [asha.id]: true });
    expect(await ratedByMe(ravi, contract.myBookings)).toEqual({ [ravi.id]: false });
    // The driver rated Ravi, not Asha: what Asha gave the driver says nothing of what the driver gave her.
    expect(await ratedByMe(driver, contract.myRideBookings)).toEqual({ [asha.id]: false, [ravi.id]: true });
    // My Rides lists the same passengers on the ride, rated or not.
    const [ride] = expectReply(await call(ctx, 'GET', '/api/rides/my-rides', driver), contract.myRides);
    expect(Object.fromEntries(ride!.passengers.map((b) => [b.passengerId, b.ratedByMe]))).toEqual({
      [asha.id]: false,
      [ravi.id]: true,
    });
  });
});
