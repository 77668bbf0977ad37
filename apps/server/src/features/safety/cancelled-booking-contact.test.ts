import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { book, call, dateSequence, offerRide } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * A cancelled booking hands out no number (decision 033): once a booking is cancelled or declined, its
 * answers carry neither side's phone to the other, even for people who show their phone to EVERYONE on
 * open bookings. Each side still sees their own.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const nextDate = dateSequence();
const DRIVER_PHONE = '9822200001';
const PASSENGER_PHONE = '9822200002';

async function scene(visibility: 'EVERYONE' | 'CONFIRMED' = 'EVERYONE') {
  const driver = await createUser(ctx, { phone: DRIVER_PHONE, contact_visibility: visibility });
  const passenger = await createUser(ctx, { phone: PASSENGER_PHONE, contact_visibility: visibility });
  const ride = await offerRide(ctx, driver, { from: 'Mangaluru', to: 'Udupi', departureDate: nextDate() });
  return { driver, passenger, ride };
}

/** The phones on the booking as each side's list shows it: [driver's seen by passenger, passenger's seen by driver]. */
async function phonesInLists(driver: TestUser, passenger: TestUser, bookingId: string) {
  const mine = (await call(ctx, 'GET', '/api/bookings/my-bookings', passenger)).body.data;
  const theirs = (await call(ctx, 'GET', '/api/bookings/my-ride-bookings', driver)).body.data;
  const b1 = mine.find((b: { id: string }) => b.id === bookingId);
  const b2 = theirs.find((b: { id: string }) => b.id === bookingId);
  return {
    passengerSees: [b1.driver.phone, b1.passenger.phone],
    driverSees: [b2.driver.phone, b2.passenger.phone],
  };
}

describe('a cancelled booking', () => {
  it("no longer carries the other side's phone after the passenger cancels a confirmed booking", async () => {
    const { driver, passenger, ride } = await scene();
    const booking = await book(ctx, passenger, ride.id);
    await call(ctx, 'PUT', `/api/bookings/${booking.id}/confirm`, driver);
    expect(await phonesInLists(driver, passenger, booking.id)).toEqual({
      passengerSees: [DRIVER_PHONE, PASSENGER_PHONE],
      driverSees: [DRIVER_PHONE, PASSENGER_PHONE],
    });

    const cancelled = await call(ctx, 'PUT', `/api/bookings/${booking.id}/cancel`, passenger);
    expect(cancelled.body.data).toMatchObject({
      status: 'CANCELLED',
      driver: { phone: null },
      passenger: { phone: PASSENGER_PHONE },
    });
    expect(await phonesInLists(driver, passenger, booking.id)).toEqual({
      passengerSees: [null, PASSENGER_PHONE],
      driverSees: [DRIVER_PHONE, null],
    });
  });

  it("no longer carries the passenger's phone to the driver who declined the request", async () => {
    const { driver, passenger, ride } = await scene();
    const booking = await book(ctx, passenger, ride.id);
    const declined = await call(ctx, 'PUT', `/api/bookings/${booking.id}/cancel`, driver);
    expect(declined.body.data).toMatchObject({
      status: 'CANCELLED',
      driver: { phone: DRIVER_PHONE },
      passenger: { phone: null },
    });
    expect(await phonesInLists(driver, passenger, booking.id)).toEqual({
      passengerSees: [null, PASSENGER_PHONE],
      driverSees: [DRIVER_PHONE, null],
    });
  });

  it('carries no phone even between people who travelled together before', async () => {
    const { driver, passenger, ride } = await scene('CONFIRMED');
    const earlier = await offerRide(ctx, driver, {
      from: 'Mangaluru',
      to: 'Udupi',
      departureDate: nextDate(),
      instantBooking: true,
    });
    await book(ctx, passenger, earlier.id);
    const booking = await book(ctx, passenger, ride.id);
    // Confirmed co-travellers (section 9): the open request shows both numbers to both.
    expect(await phonesInLists(driver, passenger, booking.id)).toEqual({
      passengerSees: [DRIVER_PHONE, PASSENGER_PHONE],
      driverSees: [DRIVER_PHONE, PASSENGER_PHONE],
    });
    await call(ctx, 'PUT', `/api/bookings/${booking.id}/cancel`, passenger);
    expect(await phonesInLists(driver, passenger, booking.id)).toEqual({
      passengerSees: [null, PASSENGER_PHONE],
      driverSees: [DRIVER_PHONE, null],
    });
  });
});
