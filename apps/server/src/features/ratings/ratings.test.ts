import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, ERR, MSG } from '@saathchalo/shared';
import { createUser, type TestUser } from '../../test/factories.js';
import { book, call, offerRide } from '../../test/marketplace.js';
import { validationFailed } from '../../test/accounts.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { expectReply } from '../../test/contract-reply.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const PAST_DEPARTURE = 6 * 60_000;

/** A ride that departed and was completed, with one COMPLETED booking and one cancelled request. */
async function completedTrip() {
  const driver = await createUser(ctx, { first_name: 'Arjun', last_name: 'Mehta' });
  const passenger = await createUser(ctx, { first_name: 'Kavya', last_name: 'Shah' });
  const pendingOnly = await createUser(ctx);
  const stranger = await createUser(ctx);
  const ride = await offerRide(ctx, driver, {
    departureDate: '2026-11-22',
    departureTime: '10:05',
    instantBooking: true,
  });
  await book(ctx, passenger, ride.id);
  const pending = await book(ctx, pendingOnly, ride.id);
  await ctx.db.updateTable('bookings').set({ status: 'PENDING' }).where('id', '=', pending.id).execute();
  ctx.clock.advance(PAST_DEPARTURE);
  const done = await call(ctx, 'PUT', `/api/rides/${ride.id}/status?status=COMPLETED`, driver);
  ctx.clock.advance(-PAST_DEPARTURE);
  if (done.status !== 200) throw new Error(done.body.error ?? 'not completed');
  return { driver, passenger, pendingOnly, stranger, rideId: ride.id };
}

const rate = (user: TestUser, body: Record<string, unknown>) => call(ctx, 'POST', '/api/ratings', user, body);

describe('POST /api/ratings', () => {
  it('lets a passenger rate the driver and updates the driver rating at once', async () => {
    const { driver, passenger, rideId } = await completedTrip();
    const res = await rate(passenger, { rideId, rateeId: driver.id, rating: 4, comment: '  Smooth drive ' });
    expect(res.body.message).toBe('Rating submitted successfully');
    expect(expectReply(res, contract.rate)).toEqual({
      id: expect.any(String),
      rating: 4,
      comment: 'Smooth drive',
      rideId,
      raterId: passenger.id,
      rateeId: driver.id,
      rater: { id: passenger.id, name: 'Kavya Shah' },
      createdAt: '2026-11-22T04:30:00.000Z',
    });
    const user = await ctx.db
      .selectFrom('users')
      .select(['rating_sum', 'rating_count'])
      .where('id', '=', driver.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ rating_sum: 4, rating_count: 1 });
    const ride = await call(ctx, 'GET', `/api/rides/${rideId}`, passenger);
    expect(ride.body.data.driver.rating).toBe(4);
  });

  it('lets the driver rate the passenger', async () => {
    const { driver, passenger, rideId } = await completedTrip();
    const res = await rate(driver, { rideId, rateeId: passenger.id, rating: 5 });
    expect(expectReply(res, contract.rate).comment).toBeNull();
  });

  it('allows one rating per rater, ratee and ride', async () => {
    const { driver, passenger, rideId } = await completedTrip();
    expect((await rate(passenger, { rideId, rateeId: driver.id, rating: 5 })).status).toBe(201);
    const again = await rate(passenger, { rideId, rateeId: driver.id, rating: 1 });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(ERR.alreadyRated);
    const user = await ctx.db
      .selectFrom('users')
      .select(['rating_sum', 'rating_count'])
      .where('id', '=', driver.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ rating_sum: 5, rating_count: 1 });
  });

  it('refuses anyone without a COMPLETED booking together on that ride', async () => {
    const { driver, passenger, pendingOnly, stranger, rideId } = await completedTrip();
    for (const [rater, ratee] of [
      [stranger, driver],
      [pendingOnly, driver],
      [driver, pendingOnly],
      [passenger, stranger],
      [passenger, pendingOnly],
    ] as const) {
      const res = await rate(rater, { rideId, rateeId: ratee.id, rating: 3 });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(ERR.ratingNotAllowed);
    }
  });

  it('refuses before the ride is completed', async () => {
    const driver = await createUser(ctx);
    const passenger = await createUser(ctx);
    const ride = await offerRide(ctx, driver, { instantBooking: true });
    await book(ctx, passenger, ride.id);
    const res = await rate(passenger, { rideId: ride.id, rateeId: driver.id, rating: 5 });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(ERR.ratingNotAllowed);
  });

  it('refuses rating oneself', async () => {
    const { driver, rideId } = await completedTrip();
    const res = await rate(driver, { rideId, rateeId: driver.id, rating: 5 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      data: { rateeId: ERR.rateSelf },
      message: ERR.rateSelf,
      error: ERR.rateSelf,
      code: 'RATE_SELF',
    });
  });

  it('is 404 for an unknown ride or person', async () => {
    const { driver, passenger, rideId } = await completedTrip();
    const noRide = await rate(passenger, { rideId: 'nope', rateeId: driver.id, rating: 5 });
    expect(noRide.status).toBe(404);
    expect(noRide.body.error).toBe(ERR.rideNotFound);
    const noUser = await rate(passenger, { rideId, rateeId: 'nobody', rating: 5 });
    expect(noUser.status).toBe(404);
    expect(noUser.body.error).toBe(ERR.userNotFound);
  });

  it.each([
    [{ rating: 0 }, 'rating', MSG.ratingRequired],
    [{ rating: 6 }, 'rating', MSG.ratingRequired],
    [{ rating: 3.5 }, 'rating', MSG.ratingRequired],
    [{ rating: undefined }, 'rating', MSG.ratingRequired],
    [{ comment: 'x'.repeat(501) }, 'comment', MSG.commentTooLong],
    [{ rideId: '' }, 'rideId', MSG.rideIdRequired],
    [{ rateeId: undefined }, 'rateeId', MSG.rateeIdRequired],
  ])('validates %j', async (override, field, message) => {
    const user = await createUser(ctx);
    const res = await rate(user, { rideId: 'r', rateeId: 'u', rating: 5, ...override });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationFailed({ [field]: message }));
  });
});

describe('GET /api/ratings/user/{id} and /recent', () => {
  it('lists the ratings a user received, newest first, and the latest few', async () => {
    const driver = await createUser(ctx);
    const raters: TestUser[] = [];
    for (let i = 0; i < 7; i += 1)
      raters.push(await createUser(ctx, { first_name: `Rater${i}`, last_name: '' }));
    for (const [i, rater] of raters.entries()) {
      await ctx.db
        .insertInto('ratings')
        .values({
          id: `rt-${driver.id}-${i}`,
          ride_id: (await someRide(driver)).id,
          rater_id: rater.id,
          ratee_id: driver.id,
          rating: (i % 5) + 1,
          comment: null,
          created_at: ctx.clock.now() + i,
        })
        .execute();
    }
    const all = await call(ctx, 'GET', `/api/ratings/user/${driver.id}`, raters[0]!);
    expect(expectReply(all, contract.ratingsOf).map((r) => r.rater.name)).toEqual([
      'Rater6',
      'Rater5',
      'Rater4',
      'Rater3',
      'Rater2',
      'Rater1',
      'Rater0',
    ]);
    const recent = await call(ctx, 'GET', `/api/ratings/user/${driver.id}/recent`, raters[0]!);
    expect(recent.body.data).toHaveLength(5);
    expect(recent.body.data[0].rater.name).toBe('Rater6');
    const two = await call(ctx, 'GET', `/api/ratings/user/${driver.id}/recent?limit=2`, raters[0]!);
    expect(two.body.data).toHaveLength(2);
    const bad = await call(ctx, 'GET', `/api/ratings/user/${driver.id}/recent?limit=0`, raters[0]!);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Must be a whole number from 1 to 50');
  });

  it('is 404 for an unknown user', async () => {
    const user = await createUser(ctx);
    expect((await call(ctx, 'GET', '/api/ratings/user/nobody', user)).status).toBe(404);
    expect((await call(ctx, 'GET', '/api/ratings/user/nobody/recent', user)).status).toBe(404);
  });
});

describe('POST /api/ratings/user/{id}/update-stats', () => {
  it('recomputes the average and count from the ratings, idempotently', async () => {
    const { driver, passenger, rideId } = await completedTrip();
    await rate(passenger, { rideId, rateeId: driver.id, rating: 4 });
    const other = await completedTrip();
    await ctx.db
      .insertInto('ratings')
      .values({
        id: `extra-${driver.id}`,
        ride_id: other.rideId,
        rater_id: other.passenger.id,
        ratee_id: driver.id,
        rating: 5,
        comment: null,
        created_at: ctx.clock.now(),
      })
      .execute();
    await ctx.db
      .updateTable('users')
      .set({ rating_sum: 0, rating_count: 0 })
      .where('id', '=', driver.id)
      .execute();
    for (let i = 0; i < 2; i += 1) {
      const res = await call(ctx, 'POST', `/api/ratings/user/${driver.id}/update-stats`, driver);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        data: { userId: driver.id, rating: 4.5, ratingCount: 2 },
        message: 'Rating statistics updated',
        error: null,
      });
    }
  });

  it('rounds the average to one decimal and gives 0 without ratings', async () => {
    const user = await createUser(ctx, { rating_sum: 14, rating_count: 3 });
    const ride = await someRide(user);
    expect((await call(ctx, 'GET', `/api/rides/${ride.id}`, user)).body.data.driver.rating).toBe(4.7);
    const res = await call(ctx, 'POST', `/api/ratings/user/${user.id}/update-stats`, user);
    expect(res.body.data).toEqual({ userId: user.id, rating: 0, ratingCount: 0 });
  });
});

async function someRide(driver: TestUser) {
  return offerRide(ctx, driver);
}
