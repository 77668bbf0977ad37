import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, MSG } from '@saathchalo/shared';
import {
  book,
  call,
  offerRide,
  PAST_SOON,
  rideBody,
  rideParties,
  seatState,
  SOON,
  TOMORROW,
} from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const people = () => rideParties(ctx);

describe('PUT /api/rides/{id}/update', () => {
  it('edits the ride and recomputes available seats from the held ones', async () => {
    const { driver, passenger } = await people();
    const ride = await offerRide(ctx, driver, { passengers: 3 });
    await book(ctx, passenger, ride.id, 2);
    const res = await call(
      ctx,
      'PUT',
      `/api/rides/${ride.id}/update`,
      driver,
      rideBody({ from: 'Bangalore', to: 'Ooty', passengers: 5, pricePerSeat: 400, departureTime: '06:30' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Ride updated successfully');
    expect(res.body.data).toMatchObject({
      from: 'Bangalore',
      to: 'Ooty',
      totalSeats: 5,
      availableSeats: 3,
      bookedSeats: 2,
      pricePerSeat: 400,
      departureTime: '06:30',
    });
  });

  it('refuses fewer seats than are held', async () => {
    const { driver, passenger } = await people();
    const ride = await offerRide(ctx, driver, { passengers: 4 });
    await book(ctx, passenger, ride.id, 3);
    const res = await call(ctx, 'PUT', `/api/rides/${ride.id}/update`, driver, rideBody({ passengers: 2 }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      data: { passengers: ERR.seatsBelowBooked },
      message: 'Validation failed',
      error: ERR.seatsBelowBooked,
      code: 'SEATS_BELOW_BOOKED',
    });
    expect(await seatState(ctx, ride.id)).toEqual({ total: 4, available: 1, held: 3 });
  });

  it('refuses a date before today and a time already passed', async () => {
    const { driver } = await people();
    const ride = await offerRide(ctx, driver);
    const past = await call(
      ctx,
      'PUT',
      `/api/rides/${ride.id}/update`,
      driver,
      rideBody({ departureDate: '2026-11-01' }),
    );
    expect(past.status).toBe(400);
    expect(past.body.data).toEqual({ departureDate: MSG.dateInPast });
    const early = await call(
      ctx,
      'PUT',
      `/api/rides/${ride.id}/update`,
      driver,
      rideBody({ departureDate: '2026-11-22', departureTime: '08:00' }),
    );
    expect(early.body.data).toEqual({ departureTime: MSG.timeInPast });
  });

  it('validates the body like an offer', async () => {
    const { driver } = await people();
    const ride = await offerRide(ctx, driver);
    const res = await call(
      ctx,
      'PUT',
      `/api/rides/${ride.id}/update`,
      driver,
      rideBody({ pricePerSeat: 0, carModel: '' }),
    );
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ pricePerSeat: MSG.priceInvalid, carModel: MSG.carModelRequired });
  });

  it('is 403 for anyone but the driver and 404 for an unknown ride', async () => {
    const { driver, stranger } = await people();
    const ride = await offerRide(ctx, driver);
    const res = await call(ctx, 'PUT', `/api/rides/${ride.id}/update`, stranger, rideBody());
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(ERR.notAuthorizedRideUpdate);
    const missing = await call(ctx, 'PUT', '/api/rides/nope/update', driver, rideBody());
    expect(missing.status).toBe(404);
  });

  it('refuses to edit a cancelled ride', async () => {
    const { driver } = await people();
    const ride = await offerRide(ctx, driver);
    await call(ctx, 'DELETE', `/api/rides/${ride.id}/cancel`, driver);
    const res = await call(ctx, 'PUT', `/api/rides/${ride.id}/update`, driver, rideBody());
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(ERR.rideNotEditable);
  });
});

describe('DELETE /api/rides/{id}', () => {
  it('removes the ride from every list, cancels open bookings and releases their seats', async () => {
    const { driver, passenger, stranger } = await people();
    const ride = await offerRide(ctx, driver, { passengers: 4 });
    const pending = await book(ctx, passenger, ride.id, 2);
    const res = await call(ctx, 'DELETE', `/api/rides/${ride.id}`, driver);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: null,
      message: 'Ride deleted successfully',
      error: null,
    });
    expect((await call(ctx, 'GET', `/api/rides/${ride.id}`, driver)).status).toBe(404);
    expect((await call(ctx, 'GET', '/api/rides/my-rides', driver)).body.data).toEqual([]);
    expect(
      (
        await call(ctx, 'GET', `/api/rides/search?from=Bengaluru&to=Mysuru&date=${TOMORROW}`, stranger)
      ).body.data.map((r: { id: string }) => r.id),
    ).not.toContain(ride.id);
    const booking = await ctx.db
      .selectFrom('bookings')
      .select('status')
      .where('id', '=', pending.id)
      .executeTakeFirstOrThrow();
    expect(booking.status).toBe('CANCELLED');
    expect(await seatState(ctx, ride.id)).toEqual({ total: 4, available: 4, held: 0 });
    const mails = await ctx.db
      .selectFrom('mails')
      .select(['to_address', 'subject'])
      .where('to_address', '=', passenger.email)
      .execute();
    expect(mails).toContainEqual({
      to_address: passenger.email,
      subject: 'Ride cancelled: Bengaluru to Mysuru',
    });
    expect((await call(ctx, 'DELETE', `/api/rides/${ride.id}`, driver)).status).toBe(404);
  });

  it('keeps completed history and its ratings', async () => {
    const { driver, passenger } = await people();
    const ride = await offerRide(ctx, driver, {
      departureDate: '2026-11-22',
      departureTime: SOON,
      instantBooking: true,
    });
    const booking = await book(ctx, passenger, ride.id);
    ctx.clock.advance(PAST_SOON);
    try {
      expect((await call(ctx, 'PUT', `/api/rides/${ride.id}/status?status=COMPLETED`, driver)).status).toBe(
        200,
      );
      expect(
        (
          await call(ctx, 'POST', '/api/ratings', passenger, {
            rideId: ride.id,
            rateeId: driver.id,
            rating: 5,
          })
        ).status,
      ).toBe(201);
      expect((await call(ctx, 'DELETE', `/api/rides/${ride.id}`, driver)).status).toBe(200);
      const mine = await call(ctx, 'GET', '/api/bookings/my-bookings', passenger);
      expect(mine.body.data).toEqual([expect.objectContaining({ id: booking.id, status: 'COMPLETED' })]);
      const ratings = await call(ctx, 'GET', `/api/ratings/user/${driver.id}`, passenger);
      expect(ratings.body.data).toHaveLength(1);
      expect(await seatState(ctx, ride.id)).toEqual({ total: 3, available: 2, held: 1 });
    } finally {
      ctx.clock.advance(-PAST_SOON);
    }
  });

  it('is 403 for anyone but the driver', async () => {
    const { driver, passenger } = await people();
    const ride = await offerRide(ctx, driver);
    const res = await call(ctx, 'DELETE', `/api/rides/${ride.id}`, passenger);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(ERR.notAuthorizedRideDelete);
    expect((await call(ctx, 'GET', `/api/rides/${ride.id}`, driver)).status).toBe(200);
  });
});

describe('DELETE /api/rides/{id}/cancel', () => {
  it('cancels the ride and its open bookings, releasing seats', async () => {
    const { driver, passenger, stranger } = await people();
    const ride = await offerRide(ctx, driver, { passengers: 4, instantBooking: true });
    await book(ctx, passenger, ride.id, 2);
    const res = await call(ctx, 'DELETE', `/api/rides/${ride.id}/cancel`, driver);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Ride cancelled successfully');
    expect(res.body.data).toMatchObject({
      status: 'CANCELLED',
      availableSeats: 4,
      bookedSeats: 0,
      passengers: [],
    });
    const mine = await call(ctx, 'GET', '/api/bookings/my-bookings', passenger);
    expect(mine.body.data[0]).toMatchObject({ status: 'CANCELLED', ride: { status: 'CANCELLED' } });
    expect((await call(ctx, 'DELETE', `/api/rides/${ride.id}/cancel`, stranger)).status).toBe(403);
  });
});
