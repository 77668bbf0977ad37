import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, ERR, MSG } from '@saathchalo/shared';
import { expectReply } from '../../test/contract-reply.js';
import { createUser } from '../../test/factories.js';
import { book, call, offerRide, seatState, TOMORROW } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function people() {
  const driver = await createUser(ctx, { first_name: 'Vikram', last_name: 'Singh', phone: '9811111111' });
  const passenger = await createUser(ctx, { first_name: 'Priya', last_name: 'Nair', phone: '9822222222' });
  const stranger = await createUser(ctx);
  return { driver, passenger, stranger };
}

const mailsTo = (address: string) =>
  ctx.db
    .selectFrom('mails')
    .select(['subject', 'text_body', 'html_body'])
    .where('to_address', '=', address)
    .execute();

describe('POST /api/rides/{id}/book', () => {
  it('holds the seats at once as a PENDING request and mails the driver', async () => {
    const { driver, passenger } = await people();
    const ride = await offerRide(ctx, driver, { passengers: 4, pricePerSeat: 300 });
    const res = await call(ctx, 'POST', `/api/rides/${ride.id}/book`, passenger, {
      seatsRequested: 2,
      pickupLocation: 'Silk Board',
      dropLocation: 'Mysuru Palace',
    });
    expect(res.body.message).toBe('Booking request sent to the driver');
    expect(expectReply(res, contract.bookRide)).toEqual({
      id: expect.any(String),
      rideId: ride.id,
      ride: {
        id: ride.id,
        from: 'Bengaluru',
        to: 'Mysuru',
        departureDate: TOMORROW,
        departureTime: '09:00',
        carModel: 'Maruti Swift',
        carNumber: 'KA01AB1234',
        pricePerSeat: 300,
        totalSeats: 4,
        availableSeats: 2,
        additionalInfo: 'No smoking',
        status: 'ACTIVE',
        womenOnly: false,
        stops: [
          {
            index: 0,
            place: 'Bengaluru',
            date: TOMORROW,
            time: '09:00',
            lat: 12.9719,
            lng: 77.5937,
            estimated: false,
            seatsToNext: 2,
          },
          {
            index: 1,
            place: 'Mysuru',
            date: TOMORROW,
            time: '12:12',
            lat: 12.2979,
            lng: 76.6393,
            estimated: true,
            seatsToNext: null,
          },
        ],
        distanceKm: 127.8,
      },
      status: 'PENDING',
      seatsBooked: 2,
      totalAmount: 600,
      paymentStatus: 'PENDING',
      pickupLocation: 'Silk Board',
      dropLocation: 'Mysuru Palace',
      driver: { id: driver.id, name: 'Vikram Singh', phone: '9811111111' },
      passenger: { id: passenger.id, name: 'Priya Nair', phone: '9822222222' },
      driverId: driver.id,
      passengerId: passenger.id,
      passengerName: 'Priya Nair',
      createdAt: '2026-11-22T04:30:00.000Z',
      // Section 7: the whole route by default.
      fromStop: 0,
      toStop: 1,
      pickup: { place: 'Bengaluru', date: TOMORROW, time: '09:00' },
      drop: { place: 'Mysuru', date: TOMORROW, time: '12:12' },
      // Section 8: why it was cancelled, null while it is not.
      cancelReason: null,
      ratedByMe: false,
    });
    expect(await seatState(ctx, ride.id)).toEqual({ total: 4, available: 2, held: 2 });
    const mails = await mailsTo(driver.email);
    expect(mails).toEqual([expect.objectContaining({ subject: 'Booking request: Bengaluru to Mysuru' })]);
    expect(mails[0]?.text_body).toContain(
      'Priya Nair asked for 2 seats on your ride from Bengaluru to Mysuru on 2026-11-23 at 09:00',
    );
  });

  it('confirms at once on an instant-booking ride', async () => {
    const { driver, passenger } = await people();
    const ride = await offerRide(ctx, driver, { instantBooking: true });
    const res = await call(ctx, 'POST', `/api/rides/${ride.id}/book`, passenger, { seatsRequested: 1 });
    expect(res.body.message).toBe('Ride booked successfully');
    expect(expectReply(res, contract.bookRide)).toMatchObject({
      status: 'CONFIRMED',
      seatsBooked: 1,
      totalAmount: 250,
    });
    expect((await mailsTo(driver.email))[0]?.subject).toBe('New booking: Bengaluru to Mysuru');
  });

  it('falls back to seatsRequired and defaults to one seat', async () => {
    const { driver, passenger, stranger } = await people();
    const ride = await offerRide(ctx, driver, { passengers: 5 });
    const fallback = await call(ctx, 'POST', `/api/rides/${ride.id}/book`, passenger, { seatsRequired: 3 });
    expect(fallback.body.data.seatsBooked).toBe(3);
    const bare = await ctx.app.inject({
      method: 'POST',
      url: `/api/rides/${ride.id}/book`,
      headers: stranger.auth,
    });
    expect(expectReply(bare, contract.bookRide)).toMatchObject({
      seatsBooked: 1,
      pickupLocation: null,
      dropLocation: null,
    });
  });

  it.each([0, 9, 1.5, 'two'])('refuses %j seats', async (seats) => {
    const { driver, passenger } = await people();
    const ride = await offerRide(ctx, driver);
    const res = await call(ctx, 'POST', `/api/rides/${ride.id}/book`, passenger, { seatsRequested: seats });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      data: { seatsRequested: MSG.seatsRange },
      message: 'Validation failed',
      error: MSG.seatsRange,
      code: 'VALIDATION_FAILED',
    });
  });

  it('refuses over-long pickup text', async () => {
    const { driver, passenger } = await people();
    const ride = await offerRide(ctx, driver);
    const res = await call(ctx, 'POST', `/api/rides/${ride.id}/book`, passenger, {
      pickupLocation: 'x'.repeat(201),
    });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ pickupLocation: MSG.tooLong(200) });
  });

  it('refuses more seats than are free', async () => {
    const { driver, passenger } = await people();
    const ride = await offerRide(ctx, driver, { passengers: 2 });
    const res = await call(ctx, 'POST', `/api/rides/${ride.id}/book`, passenger, { seatsRequested: 3 });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      data: null,
      message: ERR.notEnoughSeats,
      error: ERR.notEnoughSeats,
      code: 'RIDE_FULL',
    });
    expect(await seatState(ctx, ride.id)).toEqual({ total: 2, available: 2, held: 0 });
  });

  it("refuses the driver's own ride", async () => {
    const { driver } = await people();
    const ride = await offerRide(ctx, driver);
    const res = await call(ctx, 'POST', `/api/rides/${ride.id}/book`, driver, { seatsRequested: 1 });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(ERR.ownRideBooking);
  });

  it('allows one open booking per passenger per ride, and a new one after cancelling', async () => {
    const { driver, passenger } = await people();
    const ride = await offerRide(ctx, driver, { passengers: 4 });
    const first = await book(ctx, passenger, ride.id);
    const again = await call(ctx, 'POST', `/api/rides/${ride.id}/book`, passenger, { seatsRequested: 1 });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(ERR.alreadyBooked);
    await call(ctx, 'PUT', `/api/bookings/${first.id}/cancel`, passenger);
    expect(
      (await call(ctx, 'POST', `/api/rides/${ride.id}/book`, passenger, { seatsRequested: 2 })).status,
    ).toBe(201);
    expect(await seatState(ctx, ride.id)).toEqual({ total: 4, available: 2, held: 2 });
  });

  it('refuses cancelled, completed and departed rides', async () => {
    const { driver, passenger } = await people();
    const cancelled = await offerRide(ctx, driver);
    await call(ctx, 'DELETE', `/api/rides/${cancelled.id}/cancel`, driver);
    const a = await call(ctx, 'POST', `/api/rides/${cancelled.id}/book`, passenger, {});
    expect(a.status).toBe(409);
    expect(a.body.error).toBe(ERR.rideNotBookable);

    const soon = await offerRide(ctx, driver, { departureDate: '2026-11-22', departureTime: '10:05' });
    ctx.clock.advance(6 * 60_000);
    try {
      const b = await call(ctx, 'POST', `/api/rides/${soon.id}/book`, passenger, {});
      expect(b.status).toBe(409);
      expect(b.body.error).toBe(ERR.rideDeparted);
      await call(ctx, 'PUT', `/api/rides/${soon.id}/status?status=COMPLETED`, driver);
      const c = await call(ctx, 'POST', `/api/rides/${soon.id}/book`, passenger, {});
      expect(c.status).toBe(409);
      expect(c.body.error).toBe(ERR.rideNotBookable);
    } finally {
      ctx.clock.advance(-6 * 60_000);
    }
  });

  it('is 404 for an unknown or deleted ride', async () => {
    const { driver, passenger } = await people();
    const ride = await offerRide(ctx, driver);
    await call(ctx, 'DELETE', `/api/rides/${ride.id}`, driver);
    for (const id of ['nope', ride.id]) {
      const res = await call(ctx, 'POST', `/api/rides/${id}/book`, passenger, {});
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(ERR.rideNotFound);
    }
  });

  it('needs a signed-in user', async () => {
    const { driver } = await people();
    const ride = await offerRide(ctx, driver);
    expect((await call(ctx, 'POST', `/api/rides/${ride.id}/book`, null, {})).status).toBe(401);
  });
});

describe('GET /api/bookings/my-bookings and my-ride-bookings', () => {
  it("lists the passenger's bookings and the driver's requests, newest first", async () => {
    const { driver, passenger, stranger } = await people();
    const r1 = await offerRide(ctx, driver);
    const r2 = await offerRide(ctx, driver, { from: 'Chennai', to: 'Vellore' });
    const b1 = await book(ctx, passenger, r1.id);
    ctx.clock.advance(1000);
    const b2 = await book(ctx, passenger, r2.id, 2);
    const b3 = await book(ctx, stranger, r2.id);
    ctx.clock.advance(-1000);
    const mine = await call(ctx, 'GET', '/api/bookings/my-bookings', passenger);
    const myBookings = expectReply(mine, contract.myBookings);
    expect(myBookings.map((b) => b.id)).toEqual([b2.id, b1.id]);
    expect(myBookings[0]).toMatchObject({
      ride: { from: 'Chennai', to: 'Vellore' },
      driver: { phone: '9811111111' },
    });
    const requests = await call(ctx, 'GET', '/api/bookings/my-ride-bookings', driver);
    const onMyRides = expectReply(requests, contract.myRideBookings);
    expect(onMyRides.map((b) => b.id).sort()).toEqual([b1.id, b2.id, b3.id].sort());
    expect(onMyRides.find((b) => b.id === b1.id)).toMatchObject({
      passenger: { phone: '9822222222' },
    });
    expect((await call(ctx, 'GET', '/api/bookings/my-ride-bookings', passenger)).body.data).toEqual([]);
  });
});

describe('PUT /api/bookings/{id}/cancel', () => {
  it('lets the passenger cancel, releases the seats and mails the driver', async () => {
    const { driver, passenger } = await people();
    const ride = await offerRide(ctx, driver, { instantBooking: true });
    const booking = await book(ctx, passenger, ride.id, 2);
    const res = await call(ctx, 'PUT', `/api/bookings/${booking.id}/cancel`, passenger);
    expect(expectReply(res, contract.cancelBooking)).toMatchObject({
      id: booking.id,
      status: 'CANCELLED',
      ride: { availableSeats: 3 },
    });
    expect(await seatState(ctx, ride.id)).toEqual({ total: 3, available: 3, held: 0 });
    expect((await mailsTo(driver.email)).map((m) => m.subject)).toContain(
      'Booking cancelled: Bengaluru to Mysuru',
    );
    const again = await call(ctx, 'PUT', `/api/bookings/${booking.id}/cancel`, passenger);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: ERR.bookingNotCancellable, code: 'BOOKING_NOT_CANCELLABLE' });
    expect(await seatState(ctx, ride.id)).toEqual({ total: 3, available: 3, held: 0 });
  });

  it("lets the ride's driver reject a request and mails the passenger", async () => {
    const { driver, passenger } = await people();
    const ride = await offerRide(ctx, driver);
    const booking = await book(ctx, passenger, ride.id);
    const res = await call(ctx, 'PUT', `/api/bookings/${booking.id}/cancel`, driver);
    expect(expectReply(res, contract.cancelBooking).status).toBe('CANCELLED');
    expect((await mailsTo(passenger.email)).map((m) => m.subject)).toEqual([
      'Booking not accepted: Bengaluru to Mysuru',
    ]);
    expect(await seatState(ctx, ride.id)).toEqual({ total: 3, available: 3, held: 0 });
  });

  it('is 403 for anyone else and 404 for an unknown booking', async () => {
    const { driver, passenger, stranger } = await people();
    const ride = await offerRide(ctx, driver);
    const booking = await book(ctx, passenger, ride.id);
    const res = await call(ctx, 'PUT', `/api/bookings/${booking.id}/cancel`, stranger);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: ERR.notAuthorizedBookingCancel, code: 'NOT_BOOKING_PARTY' });
    const missing = await call(ctx, 'PUT', '/api/bookings/nope/cancel', passenger);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe(ERR.bookingNotFound);
  });
});

describe('PUT /api/bookings/{id}/confirm', () => {
  it('lets the driver confirm a PENDING request and mails the passenger', async () => {
    const { driver, passenger } = await people();
    const ride = await offerRide(ctx, driver);
    const booking = await book(ctx, passenger, ride.id);
    const res = await call(ctx, 'PUT', `/api/bookings/${booking.id}/confirm`, driver);
    expect(expectReply(res, contract.confirmBooking).status).toBe('CONFIRMED');
    expect((await mailsTo(passenger.email)).map((m) => m.subject)).toEqual([
      'Booking confirmed: Bengaluru to Mysuru',
    ]);
    const again = await call(ctx, 'PUT', `/api/bookings/${booking.id}/confirm`, driver);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(ERR.bookingNotPending);
    expect(await seatState(ctx, ride.id)).toEqual({ total: 3, available: 2, held: 1 });
  });

  it('is 403 for the passenger and strangers, 404 for an unknown booking', async () => {
    const { driver, passenger, stranger } = await people();
    const ride = await offerRide(ctx, driver);
    const booking = await book(ctx, passenger, ride.id);
    for (const user of [passenger, stranger]) {
      const res = await call(ctx, 'PUT', `/api/bookings/${booking.id}/confirm`, user);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(ERR.notAuthorizedBookingConfirm);
    }
    expect((await call(ctx, 'PUT', '/api/bookings/nope/confirm', driver)).status).toBe(404);
  });

  it('refuses on a cancelled ride', async () => {
    const { driver, passenger } = await people();
    const ride = await offerRide(ctx, driver);
    const booking = await book(ctx, passenger, ride.id);
    await call(ctx, 'PUT', `/api/rides/${ride.id}/status?status=CANCELLED`, driver);
    const res = await call(ctx, 'PUT', `/api/bookings/${booking.id}/confirm`, driver);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe(ERR.rideNotActiveForConfirm);
  });
});

describe('booking mails', () => {
  it('escape user text in HTML', async () => {
    const driver = await createUser(ctx);
    const passenger = await createUser(ctx, { first_name: '<script>alert(1)</script>', last_name: '&Co' });
    const ride = await offerRide(ctx, driver, { from: 'A<b>c', to: 'Pune' });
    await book(ctx, passenger, ride.id);
    const [mail] = await mailsTo(driver.email);
    expect(mail?.html_body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp;Co');
    expect(mail?.html_body).not.toContain('<script>');
    expect(mail?.html_body).not.toContain('<b>');
    expect(mail?.text_body).toContain('<script>alert(1)</script> &Co');
  });
});
