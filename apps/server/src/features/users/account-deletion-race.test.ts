import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG, ERR, type Booking } from '@saathchalo/shared';
import { createUser, type TestUser } from '../../test/factories.js';
import { book, offerRide, seatState } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * An account is deleted while the other parties of its bookings cancel them: the deletion and each cancel
 * close the same bookings and give their seats back. On PostgreSQL they run in parallel over the pool, so
 * unless both lock the ride row before the booking row (decision 005) they deadlock and one fails with a 500.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const ROUNDS = 25;
/** How many other parties cancel at the same moment as the deletion. */
const OTHERS = 4;

interface Trip {
  driver: TestUser;
  rideId: string;
  bookingId: string;
}

/** A passenger with a booking of 2 seats on each of several drivers' rides, beside a stranger's booking of 1. */
async function passengerWithTrips(): Promise<{ passenger: TestUser; trips: Trip[] }> {
  const passenger = await createUser(ctx);
  const stranger = await createUser(ctx);
  const trips: Trip[] = [];
  for (let i = 0; i < OTHERS; i += 1) {
    const driver = await createUser(ctx);
    const ride = await offerRide(ctx, driver, { passengers: 5, instantBooking: i % 2 === 0 });
    await book(ctx, stranger, ride.id, 1);
    const booking = await book(ctx, passenger, ride.id, 2);
    trips.push({ driver, rideId: ride.id, bookingId: booking.id });
  }
  return { passenger, trips };
}

describe('deleting an account while drivers reject its bookings', () => {
  it('neither deadlocks nor loses a seat, round after round', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { passenger, trips } = await passengerWithTrips();
      const [deletion, ...rejections] = await Promise.all([
        ctx.app.inject({ method: 'DELETE', url: '/api/users/profile', headers: passenger.auth }),
        ...trips.map((t) =>
          ctx.app.inject({
            method: 'PUT',
            url: `/api/bookings/${t.bookingId}/cancel`,
            headers: t.driver.auth,
          }),
        ),
      ]);
      expect(deletion!.json()).toEqual({
        success: true,
        data: null,
        message: ACCOUNT_MSG.accountDeleted,
        error: null,
      });
      for (const r of rejections) {
        // Whoever comes second finds the booking already cancelled.
        if (r.statusCode === 409) expect(r.json().error).toBe(ERR.bookingNotCancellable);
        else expect(r.json()).toMatchObject({ success: true, message: 'Booking cancelled successfully' });
      }
      for (const t of trips)
        expect(await seatState(ctx, t.rideId)).toEqual({ total: 5, available: 4, held: 1 });
    }
  }, 120_000);
});

describe("deleting a driver's account while passengers cancel their bookings", () => {
  it('neither deadlocks nor loses a seat, round after round', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const driver = await createUser(ctx);
      const ride = await offerRide(ctx, driver, { passengers: 8, instantBooking: round % 2 === 0 });
      const passengers = await Promise.all(Array.from({ length: OTHERS }, () => createUser(ctx)));
      const bookings: Booking[] = [];
      for (const p of passengers) bookings.push(await book(ctx, p, ride.id, 2));
      const [deletion, ...cancels] = await Promise.all([
        ctx.app.inject({ method: 'DELETE', url: '/api/users/profile', headers: driver.auth }),
        ...passengers.map((p, i) =>
          ctx.app.inject({ method: 'PUT', url: `/api/bookings/${bookings[i]!.id}/cancel`, headers: p.auth }),
        ),
      ]);
      expect(deletion!.json()).toEqual({
        success: true,
        data: null,
        message: ACCOUNT_MSG.accountDeleted,
        error: null,
      });
      for (const r of cancels) {
        if (r.statusCode === 409) expect(r.json().error).toBe(ERR.bookingNotCancellable);
        else expect(r.json()).toMatchObject({ success: true, message: 'Booking cancelled successfully' });
      }
      expect(await seatState(ctx, ride.id)).toEqual({ total: 8, available: 8, held: 0 });
    }
  }, 120_000);
});
