import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedStatusChanges, ERR, RIDE_STATUSES, type RideStatus } from '@saathchalo/shared';
import type { TestUser } from '../../test/factories.js';
import { book, call, offerRide, PAST_SOON, rideParties, SOON } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { runJobs } from '../../test/jobs.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const people = () => rideParties(ctx);

describe('PUT /api/rides/{id}/status', () => {
  async function rideDepartingIn(driver: TestUser, time = SOON, extra: Record<string, unknown> = {}) {
    return offerRide(ctx, driver, { departureDate: '2026-11-22', departureTime: time, ...extra });
  }
  const status = (driver: TestUser, id: string, s: string) =>
    call(ctx, 'PUT', `/api/rides/${id}/status?status=${s}`, driver);

  it('accepts exactly the changes the web app offers (the shared allowedStatusChanges), before and after departure', async () => {
    const { driver } = await people();
    for (const departed of [false, true]) {
      for (const from of ['ACTIVE', 'CANCELLED'] as RideStatus[]) {
        for (const to of RIDE_STATUSES.filter((s) => s !== from)) {
          const ride = await rideDepartingIn(driver);
          if (from === 'CANCELLED') await status(driver, ride.id, 'CANCELLED');
          if (departed) ctx.clock.advance(PAST_SOON);
          const res = await status(driver, ride.id, to);
          if (departed) ctx.clock.advance(-PAST_SOON);
          expect({ departed, from, to, accepted: res.status === 200 }).toEqual({
            departed,
            from,
            to,
            accepted: allowedStatusChanges(from, departed).includes(to),
          });
        }
      }
    }
  });

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
      code: 'RIDE_NOT_DEPARTED',
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

  it('tells a passenger whose request was still unanswered when the driver completed the ride, once', async () => {
    const { driver, passenger } = await people();
    const ride = await rideDepartingIn(driver);
    await book(ctx, passenger, ride.id);
    ctx.clock.advance(PAST_SOON);
    try {
      expect((await status(driver, ride.id, 'COMPLETED')).status).toBe(200);
      await runJobs(ctx);
      const mails = await ctx.db
        .selectFrom('mails')
        .select(['subject', 'text_body'])
        .where('to_address', '=', passenger.email)
        .execute();
      expect(mails.map((m) => [m.subject, m.text_body.split('\n')[1]])).toEqual([
        [
          'Booking request expired: Bengaluru to Mysuru',
          'Ravi Kumar did not answer your request for 1 seat on the ride from Bengaluru to Mysuru on 2026-11-22 at 10:05 in time, so it has expired. Please look for another ride.',
        ],
      ]);
    } finally {
      ctx.clock.advance(-PAST_SOON);
    }
  });
});
