import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { book, call, offerRide, PAST_SOON, rideParties, SOON } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** Every mail queued since the start of the test, with its recipient. */
async function queued() {
  const rows = await ctx.db.selectFrom('mails').select(['to_address', 'subject']).execute();
  return rows.map((r) => ({ to: r.to_address, subject: r.subject }));
}

describe('a booking changing after one of its parties deleted their account', () => {
  // Deleting an account cancels future rides and open bookings only: a ride already on the road keeps
  // its bookings, and the party still here may cancel or reject one afterwards.
  async function departedRideWithTwoPassengers() {
    const { driver, passenger, stranger } = await rideParties(ctx);
    const ride = await offerRide(ctx, driver, {
      departureDate: '2026-11-22',
      departureTime: SOON,
      instantBooking: true,
    });
    const first = await book(ctx, passenger, ride.id);
    const second = await book(ctx, stranger, ride.id);
    ctx.clock.advance(PAST_SOON);
    return { driver, passenger, stranger, ride, first, second };
  }

  it('sends no mail to a deleted driver when a passenger cancels', async () => {
    const { driver, stranger, second } = await departedRideWithTwoPassengers();
    try {
      expect((await call(ctx, 'DELETE', '/api/users/profile', driver)).status).toBe(200);
      const before = await queued();
      const res = await call(ctx, 'PUT', `/api/bookings/${second.id}/cancel`, stranger);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'CANCELLED', cancelReason: 'PASSENGER' });
      expect(await queued()).toEqual(before);
    } finally {
      ctx.clock.advance(-PAST_SOON);
    }
  });

  it('sends no mail to a deleted passenger when the driver rejects their booking', async () => {
    const { driver, passenger, first } = await departedRideWithTwoPassengers();
    try {
      expect((await call(ctx, 'DELETE', '/api/users/profile', passenger)).status).toBe(200);
      const before = await queued();
      const res = await call(ctx, 'PUT', `/api/bookings/${first.id}/cancel`, driver);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'CANCELLED', cancelReason: 'DRIVER' });
      expect(await queued()).toEqual(before);
      expect((await queued()).filter((m) => m.to.endsWith('.invalid'))).toEqual([]);
    } finally {
      ctx.clock.advance(-PAST_SOON);
    }
  });

  it('still mails the party who is still here', async () => {
    const { driver, passenger, stranger, second } = await departedRideWithTwoPassengers();
    try {
      expect((await call(ctx, 'DELETE', '/api/users/profile', passenger)).status).toBe(200);
      expect((await call(ctx, 'PUT', `/api/bookings/${second.id}/cancel`, stranger)).status).toBe(200);
      expect((await queued()).filter((m) => m.to === driver.email).map((m) => m.subject)).toContain(
        'Booking cancelled: Bengaluru to Mysuru',
      );
    } finally {
      ctx.clock.advance(-PAST_SOON);
    }
  });
});

describe('a passenger deleting their account with a booking on a ride still to come', () => {
  it('tells the driver, once, that the booking is cancelled and its seats are free again', async () => {
    const { driver, passenger } = await rideParties(ctx);
    const ride = await offerRide(ctx, driver, { departureDate: '2026-11-24', instantBooking: true });
    const booking = await book(ctx, passenger, ride.id, 2);
    expect((await call(ctx, 'DELETE', '/api/users/profile', passenger)).status).toBe(200);
    const toDriver = await ctx.db
      .selectFrom('mails')
      .select(['subject', 'text_body'])
      .where('to_address', '=', driver.email)
      .where('subject', '=', 'Booking cancelled: Bengaluru to Mysuru')
      .execute();
    expect(toDriver.map((m) => m.text_body.split('\n').slice(0, 3))).toEqual([
      [
        'Hi Ravi Kumar,',
        'Asha Rao cancelled their booking of 2 seats on your ride from Bengaluru to Mysuru on 2026-11-24 at 09:00. The seats are available again.',
        `Pickup: Bengaluru, 2026-11-24 at 09:00. Drop: Mysuru, 2026-11-24 at ${ride.stops.at(-1)!.time}.`,
      ],
    ]);
    const seen = await call(ctx, 'GET', `/api/rides/${ride.id}`, driver);
    expect(seen.body.data).toMatchObject({ availableSeats: 3, bookedSeats: 0 });
    const row = await ctx.db
      .selectFrom('bookings')
      .select(['status', 'cancel_reason'])
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'CANCELLED', cancel_reason: 'ACCOUNT_DELETED' });
  });
});
