import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, ERR } from '@saathchalo/shared';
import { book, call, offerRide, rideParties } from '../../test/marketplace.js';
import { createTestApp, TEST_NOW, type TestContext } from '../../test/test-app.js';
import { expectReply } from '../../test/contract-reply.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const people = () => rideParties(ctx);

describe('GET /api/rides/{id}', () => {
  it('shows passengers with phones to the driver only', async () => {
    const { driver, passenger, stranger } = await people();
    const ride = await offerRide(ctx, driver, { instantBooking: true });
    await book(ctx, passenger, ride.id, 2);
    const asDriver = await call(ctx, 'GET', `/api/rides/${ride.id}`, driver);
    const seenByDriver = expectReply(asDriver, contract.getRide);
    expect(seenByDriver).toMatchObject({ availableSeats: 1, bookedSeats: 2 });
    expect(seenByDriver.passengers).toHaveLength(1);
    expect(asDriver.body.data.passengers[0]).toMatchObject({
      status: 'CONFIRMED',
      seatsBooked: 2,
      totalAmount: 500,
      passenger: { id: passenger.id, name: 'Asha Rao', phone: '9123456780' },
      passengerName: 'Asha Rao',
    });
    for (const viewer of [passenger, stranger]) {
      const res = await call(ctx, 'GET', `/api/rides/${ride.id}`, viewer);
      expect(expectReply(res, contract.getRide).passengers).toEqual([]);
      expect(JSON.stringify(res.body)).not.toContain('9123456780');
    }
  });

  it('lists only CONFIRMED and COMPLETED bookings as passengers', async () => {
    const { driver, passenger } = await people();
    const ride = await offerRide(ctx, driver);
    await book(ctx, passenger, ride.id);
    const res = await call(ctx, 'GET', `/api/rides/${ride.id}`, driver);
    expect(res.body.data.passengers).toEqual([]);
    expect(res.body.data.availableSeats).toBe(2);
  });

  it('is 404 for an unknown id', async () => {
    const { driver } = await people();
    const res = await call(ctx, 'GET', '/api/rides/no-such-ride', driver);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error: ERR.rideNotFound });
  });
});

describe('GET /api/rides/my-rides', () => {
  it("lists the driver's rides that are not deleted, soonest departure first, with passengers", async () => {
    const { driver, passenger, stranger } = await people();
    const early = await offerRide(ctx, driver, { departureTime: '07:00', instantBooking: true });
    const late = await offerRide(ctx, driver, { departureTime: '18:00' });
    const gone = await offerRide(ctx, driver, { departureTime: '12:00' });
    await offerRide(ctx, stranger);
    await book(ctx, passenger, early.id);
    await call(ctx, 'DELETE', `/api/rides/${gone.id}`, driver);
    const res = await call(ctx, 'GET', '/api/rides/my-rides', driver);
    const mine = expectReply(res, contract.myRides);
    expect(mine.map((r) => r.id)).toEqual([early.id, late.id]);
    expect(mine[0]!.passengers).toHaveLength(1);
  });

  it('puts rides that have departed after the upcoming ones, latest first', async () => {
    const { driver } = await people();
    const first = await offerRide(ctx, driver, { departureDate: '2026-11-22', departureTime: '10:03' });
    const second = await offerRide(ctx, driver, { departureDate: '2026-11-22', departureTime: '10:06' });
    const third = await offerRide(ctx, driver, { departureTime: '18:00' });
    ctx.clock.advance(8 * 60_000); // 10:08 IST: the first two have left; the access token still holds
    try {
      const res = await call(ctx, 'GET', '/api/rides/my-rides', driver);
      expect(res.body.data.map((r: { id: string }) => r.id)).toEqual([third.id, second.id, first.id]);
    } finally {
      ctx.clock.set(TEST_NOW);
    }
  });
});
