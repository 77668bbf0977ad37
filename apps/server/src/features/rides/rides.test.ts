import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, MSG } from '@saathchalo/shared';
import { createUser, type TestUser } from '../../test/factories.js';
import { book, call, offerRide, rideBody, seatState, TOMORROW } from '../../test/marketplace.js';
import { createTestApp, TEST_NOW, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

// Access tokens live 15 minutes: tests that move past a departure use one 5 minutes ahead.
const SOON = '10:05';
const PAST_SOON = 6 * 60_000;

async function people() {
  const driver = await createUser(ctx, { first_name: 'Ravi', last_name: 'Kumar', phone: '9876543210' });
  const passenger = await createUser(ctx, { first_name: 'Asha', last_name: 'Rao', phone: '9123456780' });
  const stranger = await createUser(ctx);
  return { driver, passenger, stranger };
}

describe('POST /api/rides/offer', () => {
  it('creates an ACTIVE ride in the contract shape', async () => {
    const { driver } = await people();
    const res = await call(ctx, 'POST', '/api/rides/offer', driver, rideBody({ instantBooking: true }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Ride offered successfully', error: null });
    expect(res.body.data).toEqual({
      id: expect.any(String),
      from: 'Bengaluru',
      to: 'Mysuru',
      route: { from: 'Bengaluru', to: 'Mysuru' },
      departureDate: TOMORROW,
      departureTime: '09:00',
      totalSeats: 3,
      availableSeats: 3,
      bookedSeats: 0,
      pricePerSeat: 250,
      carModel: 'Maruti Swift',
      carNumber: 'KA01AB1234',
      additionalInfo: 'No smoking',
      instantBooking: true,
      status: 'ACTIVE',
      driver: { id: driver.id, name: 'Ravi Kumar', phone: '9876543210', rating: 0 },
      passengers: [],
    });
  });

  it('defaults to one seat, no instant booking and no additional info', async () => {
    const { driver } = await people();
    const body = rideBody();
    delete body.passengers;
    delete body.additionalInfo;
    const res = await call(ctx, 'POST', '/api/rides/offer', driver, body);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      totalSeats: 1,
      availableSeats: 1,
      instantBooking: false,
      additionalInfo: null,
    });
  });

  it('answers every missing field with the specification texts', async () => {
    const { driver } = await people();
    const res = await call(ctx, 'POST', '/api/rides/offer', driver, {});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'Validation failed', error: MSG.fromRequired });
    expect(res.body.data).toEqual({
      from: MSG.fromRequired,
      to: MSG.toRequired,
      departureDate: MSG.dateRequired,
      departureTime: MSG.timeRequired,
      pricePerSeat: MSG.priceInvalid,
      carModel: MSG.carModelRequired,
      carNumber: MSG.carNumberRequired,
    });
  });

  it.each([
    [{ from: '   ' }, 'from', MSG.fromRequired],
    [{ to: '' }, 'to', MSG.toRequired],
    [{ to: ' bengaluru ' }, 'to', MSG.samePlace],
    [{ to: 'Bengaluru.' }, 'to', MSG.samePlace],
    [{ departureDate: '2026-13-01' }, 'departureDate', MSG.dateInvalid],
    [{ departureTime: '25:00' }, 'departureTime', MSG.timeInvalid],
    [{ pricePerSeat: 0 }, 'pricePerSeat', MSG.priceInvalid],
    [{ pricePerSeat: 99.5 }, 'pricePerSeat', MSG.priceInvalid],
    [{ pricePerSeat: 'abc' }, 'pricePerSeat', MSG.priceInvalid],
    [{ passengers: 0 }, 'passengers', MSG.seatsRange],
    [{ passengers: 9 }, 'passengers', MSG.seatsRange],
    [{ carModel: '' }, 'carModel', MSG.carModelRequired],
    [{ carNumber: ' ' }, 'carNumber', MSG.carNumberRequired],
    [{ from: 'x'.repeat(101) }, 'from', MSG.tooLong(100)],
    [{ instantBooking: 'yes' }, 'instantBooking', 'Must be true or false'],
    [{ departureDate: '2026-11-21' }, 'departureDate', MSG.dateInPast],
    [{ departureDate: '2026-11-22', departureTime: '09:59' }, 'departureTime', MSG.timeInPast],
    [{ departureDate: '2026-11-22', departureTime: '10:00' }, 'departureTime', MSG.timeInPast],
  ])('refuses %j with a field error', async (override, field, message) => {
    const { driver } = await people();
    const res = await call(ctx, 'POST', '/api/rides/offer', driver, rideBody(override));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      data: { [field]: message },
      message: 'Validation failed',
      error: message,
    });
  });

  it('accepts a departure later today (IST)', async () => {
    const { driver } = await people();
    const res = await call(
      ctx,
      'POST',
      '/api/rides/offer',
      driver,
      rideBody({ departureDate: '2026-11-22', departureTime: '10:01' }),
    );
    expect(res.status).toBe(201);
  });

  it('needs a signed-in user', async () => {
    const res = await call(ctx, 'POST', '/api/rides/offer', null, rideBody());
    expect(res.status).toBe(401);
    expect(res.body.error).toBe(ERR.authRequired);
  });
});

describe('GET /api/rides/{id}', () => {
  it('shows passengers with phones to the driver only', async () => {
    const { driver, passenger, stranger } = await people();
    const ride = await offerRide(ctx, driver, { instantBooking: true });
    await book(ctx, passenger, ride.id, 2);
    const asDriver = await call(ctx, 'GET', `/api/rides/${ride.id}`, driver);
    expect(asDriver.status).toBe(200);
    expect(asDriver.body.data).toMatchObject({ availableSeats: 1, bookedSeats: 2 });
    expect(asDriver.body.data.passengers).toHaveLength(1);
    expect(asDriver.body.data.passengers[0]).toMatchObject({
      status: 'CONFIRMED',
      seatsBooked: 2,
      totalAmount: 500,
      passenger: { id: passenger.id, name: 'Asha Rao', phone: '9123456780' },
      passengerName: 'Asha Rao',
    });
    for (const viewer of [passenger, stranger]) {
      const res = await call(ctx, 'GET', `/api/rides/${ride.id}`, viewer);
      expect(res.status).toBe(200);
      expect(res.body.data.passengers).toEqual([]);
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
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { id: string }) => r.id)).toEqual([early.id, late.id]);
    expect(res.body.data[0].passengers).toHaveLength(1);
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

describe('PUT /api/rides/{id}/status', () => {
  async function rideDepartingIn(driver: TestUser, time = SOON, extra: Record<string, unknown> = {}) {
    return offerRide(ctx, driver, { departureDate: '2026-11-22', departureTime: time, ...extra });
  }
  const status = (driver: TestUser, id: string, s: string) =>
    call(ctx, 'PUT', `/api/rides/${id}/status?status=${s}`, driver);

  it('refuses to complete a ride that has not departed', async () => {
    const { driver } = await people();
    const ride = await rideDepartingIn(driver);
    const res = await status(driver, ride.id, 'COMPLETED');
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      data: null,
      message: ERR.futureComplete,
      error: ERR.futureComplete,
    });
  });

  it('completes a departed ride: CONFIRMED bookings complete, PENDING ones are cancelled', async () => {
    const { driver, passenger, stranger } = await people();
    const ride = await rideDepartingIn(driver, SOON, { passengers: 4 });
    const pending = await book(ctx, stranger, ride.id, 1);
    const confirmed = await book(ctx, passenger, ride.id, 2);
    expect((await call(ctx, 'PUT', `/api/bookings/${confirmed.id}/confirm`, driver)).status).toBe(200);
    ctx.clock.advance(PAST_SOON);
    try {
      const res = await status(driver, ride.id, 'COMPLETED');
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Ride status updated successfully');
      expect(res.body.data).toMatchObject({ status: 'COMPLETED', availableSeats: 2, bookedSeats: 2 });
      expect(res.body.data.passengers).toEqual([
        expect.objectContaining({ id: confirmed.id, status: 'COMPLETED' }),
      ]);
      const rows = await ctx.db
        .selectFrom('bookings')
        .select(['id', 'status'])
        .where('ride_id', '=', ride.id)
        .execute();
      expect(Object.fromEntries(rows.map((r) => [r.id, r.status]))).toEqual({
        [pending.id]: 'CANCELLED',
        [confirmed.id]: 'COMPLETED',
      });
      for (const s of ['ACTIVE', 'CANCELLED', 'COMPLETED']) {
        const again = await status(driver, ride.id, s);
        expect(again.status).toBe(409);
        expect(again.body.error).toBe(ERR.completedChange);
      }
    } finally {
      ctx.clock.advance(-PAST_SOON);
    }
  });

  it('cancels an ACTIVE ride and reactivates it before departure', async () => {
    const { driver, passenger } = await people();
    const ride = await rideDepartingIn(driver, '15:00');
    await book(ctx, passenger, ride.id, 1);
    const cancelled = await status(driver, ride.id, 'CANCELLED');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'CANCELLED', availableSeats: 3 });
    const again = await status(driver, ride.id, 'ACTIVE');
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ status: 'ACTIVE', availableSeats: 3 });
    const booking = await ctx.db
      .selectFrom('bookings')
      .select('status')
      .where('ride_id', '=', ride.id)
      .executeTakeFirstOrThrow();
    expect(booking.status).toBe('CANCELLED');
  });

  it('refuses to reactivate a ride that has already started', async () => {
    const { driver } = await people();
    const ride = await rideDepartingIn(driver);
    await status(driver, ride.id, 'CANCELLED');
    ctx.clock.advance(PAST_SOON);
    try {
      const res = await status(driver, ride.id, 'ACTIVE');
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(ERR.reactivateStarted);
    } finally {
      ctx.clock.advance(-PAST_SOON);
    }
  });

  it('refuses to complete a cancelled ride', async () => {
    const { driver } = await people();
    const ride = await rideDepartingIn(driver);
    await status(driver, ride.id, 'CANCELLED');
    ctx.clock.advance(PAST_SOON);
    try {
      const res = await status(driver, ride.id, 'COMPLETED');
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('Cannot complete a cancelled ride');
    } finally {
      ctx.clock.advance(-PAST_SOON);
    }
  });

  it('treats the current status as no change', async () => {
    const { driver } = await people();
    const ride = await rideDepartingIn(driver);
    const res = await status(driver, ride.id, 'ACTIVE');
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('ACTIVE');
  });

  it('is 403 with the contract text for anyone but the driver', async () => {
    const { driver, passenger } = await people();
    const ride = await rideDepartingIn(driver);
    const res = await status(passenger, ride.id, 'CANCELLED');
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(ERR.notAuthorizedStatus);
  });

  it('validates the status and 404s an unknown ride', async () => {
    const { driver } = await people();
    const ride = await rideDepartingIn(driver);
    const bad = await status(driver, ride.id, 'DONE');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      message: 'Validation failed',
      error: 'Status must be ACTIVE, COMPLETED or CANCELLED',
    });
    const missing = await call(ctx, 'PUT', `/api/rides/${ride.id}/status`, driver);
    expect(missing.status).toBe(400);
    expect((await status(driver, 'nope', 'CANCELLED')).status).toBe(404);
  });
});

describe('requests with a JSON content type and no body', () => {
  it('are accepted on calls that take no body, as the specification client sends them', async () => {
    const { driver, passenger } = await people();
    const ride = await offerRide(ctx, driver);
    const json = (user: TestUser) => ({ ...user.auth, 'content-type': 'application/json' });
    const booked = await ctx.app.inject({
      method: 'POST',
      url: `/api/rides/${ride.id}/book`,
      headers: json(passenger),
    });
    expect(booked.statusCode).toBe(201);
    const bookingId = booked.json().data.id as string;
    const confirm = await ctx.app.inject({
      method: 'PUT',
      url: `/api/bookings/${bookingId}/confirm`,
      headers: json(driver),
    });
    expect(confirm.statusCode).toBe(200);
    const status = await ctx.app.inject({
      method: 'PUT',
      url: `/api/rides/${ride.id}/status?status=CANCELLED`,
      headers: json(driver),
    });
    expect(status.statusCode).toBe(200);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/rides/${ride.id}`,
      headers: json(driver),
    });
    expect(del.statusCode).toBe(200);
  });

  it('still refuse malformed JSON, and a missing body gets the field messages', async () => {
    const { driver } = await people();
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/rides/offer',
      headers: { ...driver.auth, 'content-type': 'application/json' },
      payload: '{"from": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      message: 'Validation failed',
      error: 'Request body is not valid JSON',
    });
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/rides/offer',
      headers: { ...driver.auth, 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      success: false,
      message: 'Validation failed',
      error: MSG.fromRequired,
    });
    expect(empty.json().data).toMatchObject({ from: MSG.fromRequired, carNumber: MSG.carNumberRequired });
  });
});

describe('GET /api/rides/locations/from and /to', () => {
  it('serves built-in Indian cities and places used by rides, by prefix', async () => {
    const { driver } = await people();
    await offerRide(ctx, driver, { from: 'Koramangala Bengaluru', to: 'Kochi Marine Drive' });
    const from = await call(ctx, 'GET', '/api/rides/locations/from?q=kora', driver);
    expect(from.status).toBe(200);
    expect(from.body.data).toContain('Koramangala Bengaluru');
    const to = await call(ctx, 'GET', '/api/rides/locations/to?q=cochin&limit=50', driver);
    expect(to.body.data).toEqual(expect.arrayContaining(['Kochi', 'Kochi Marine Drive']));
    const builtin = await call(ctx, 'GET', '/api/rides/locations/from?q=Lucknow', driver);
    expect(builtin.body.data).toContain('Lucknow');
    const none = await call(ctx, 'GET', '/api/rides/locations/to?q=zzzz', driver);
    expect(none.body.data).toEqual([]);
    const any = await call(ctx, 'GET', '/api/rides/locations/from', driver);
    expect(any.body.data).toHaveLength(10);
  });
});
