import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, ACCOUNT_ERR, MSG } from '@saathchalo/shared';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { createUser, endPointRows, rideRow } from '../../test/factories.js';
import { queuedMailTo, register } from '../../test/accounts.js';
import { newId } from '../../lib/ids.js';
import { expectReply } from '../../test/contract-reply.js';

describe('profiles and account deletion', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const HOUR = 3_600_000;

  async function insertRide(
    driverId: string,
    departsInMs: number,
    seats: { total: number; available: number },
  ) {
    const now = ctx.clock.now();
    const placeId = newId();
    await ctx.db
      .insertInto('places')
      .values({
        id: placeId,
        name: `Place ${placeId}`,
        norm: placeId,
        builtin: 0,
        ride_count: 0,
        created_at: now,
      })
      .execute();
    const at = now + departsInMs;
    const ist = new Date(at + 330 * 60_000).toISOString();
    const row = rideRow(now, {
      driver_id: driverId,
      from_place_id: placeId,
      to_place_id: placeId,
      from_name: 'Pune',
      to_name: 'Mumbai',
      departure_date: ist.slice(0, 10),
      departure_time: ist.slice(11, 16),
      departure_at: at,
      total_seats: seats.total,
      available_seats: seats.available,
      car_number: 'MH12AB1234',
    });
    await ctx.db.insertInto('rides').values(row).execute();
    await ctx.db.insertInto('ride_points').values(endPointRows(row)).execute();
    return row.id;
  }

  async function insertBooking(
    rideId: string,
    passengerId: string,
    seats: number,
    status: 'PENDING' | 'CONFIRMED',
  ) {
    const id = newId();
    const now = ctx.clock.now();
    await ctx.db
      .insertInto('bookings')
      .values({
        id,
        ride_id: rideId,
        passenger_id: passengerId,
        seats_booked: seats,
        total_amount: seats * 300,
        status,
        payment_status: 'PENDING',
        pickup_location: null,
        drop_location: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  }

  const ride = (id: string) =>
    ctx.db
      .selectFrom('rides')
      .select(['status', 'available_seats'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const booking = (id: string) =>
    ctx.db
      .selectFrom('bookings')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
      .then((b) => b.status);

  describe('GET /api/users/profile', () => {
    it('returns the own account in the User shape', async () => {
      const acc = await register(ctx, { firstName: 'Meera', lastName: 'Iyer', location: 'Chennai' });
      const res = await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: acc.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        message: 'OK',
        error: null,
        data: {
          id: acc.id,
          firstName: 'Meera',
          lastName: 'Iyer',
          name: 'Meera Iyer',
          email: acc.email,
          phone: '9876543210',
          location: 'Chennai',
          bio: null,
          profilePictureUrl: null,
          emailVerified: false,
          rating: 0,
          ratingCount: 0,
          createdAt: '2026-11-22T04:30:00.000Z',
          gender: null,
          phoneVerified: false,
          contactVisibility: 'EVERYONE',
        },
      });
    });

    it('is 401 without a token', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/users/profile' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        success: false,
        data: null,
        message: 'Authentication required',
        error: 'Authentication required',
        code: 'UNAUTHENTICATED',
      });
    });
  });

  describe('PUT /api/users/profile', () => {
    const put = (auth: object, payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/users/profile',
        headers: auth as Record<string, string>,
        payload,
      });

    it('saves first name, last name, phone, location and bio', async () => {
      const acc = await register(ctx);
      const res = await put(acc.auth, {
        firstName: 'Kabir',
        lastName: 'Singh Rathore',
        phone: '7012345678',
        location: 'Jaipur',
        bio: 'Daily Jaipur to Ajmer.',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: 'Profile updated successfully',
        data: {
          firstName: 'Kabir',
          lastName: 'Singh Rathore',
          name: 'Kabir Singh Rathore',
          phone: '7012345678',
          location: 'Jaipur',
          bio: 'Daily Jaipur to Ajmer.',
          email: acc.email,
        },
      });
      const me = await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: acc.auth });
      expect(me.json().data.bio).toBe('Daily Jaipur to Ajmer.');
    });

    it('defaults an empty location to India and clears an empty bio', async () => {
      const acc = await register(ctx);
      await put(acc.auth, {
        firstName: 'A',
        lastName: 'B',
        phone: '9123456789',
        location: 'Delhi',
        bio: 'x',
      });
      const res = await put(acc.auth, { firstName: 'Solo', phone: '9123456789', location: '', bio: '' });
      expect(res.json().data).toMatchObject({
        firstName: 'Solo',
        lastName: '',
        name: 'Solo',
        location: 'India',
        bio: null,
      });
    });

    it('reports a bad phone as a field error on phone', async () => {
      const acc = await register(ctx);
      const res = await put(acc.auth, { firstName: 'A', lastName: 'B', phone: '12345' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: 'Validation failed',
        error: MSG.phoneInvalid,
        data: { phone: MSG.phoneInvalid },
        code: 'VALIDATION_FAILED',
        field: 'phone',
      });
      const missing = await put(acc.auth, { firstName: 'A', lastName: 'B' });
      expect(missing.json().data).toEqual({ phone: MSG.phoneRequired });
    });

    it.each([
      [{ phone: '9123456789' }, 'firstName', MSG.firstNameRequired],
      [
        { firstName: 'A', phone: '9123456789', bio: 'b'.repeat(501) },
        'bio',
        'Must be at most 500 characters',
      ],
      [{ firstName: 'A', phone: '9123456789', location: 7 }, 'location', 'Must be text'],
      [{ firstName: 'n'.repeat(51), phone: '9123456789' }, 'firstName', 'Must be at most 50 characters'],
    ])('answers %j with 400 on %s', async (payload, field, message) => {
      const acc = await register(ctx);
      const res = await put(acc.auth, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: 'Validation failed',
        error: message,
        data: { [field]: message },
        code: 'VALIDATION_FAILED',
        field,
      });
    });

    it('is 401 without a token', async () => {
      expect((await put({}, { firstName: 'A', phone: '9123456789' })).statusCode).toBe(401);
    });
  });

  describe('GET /api/users/{id}', () => {
    it('shows the public profile without e-mail or phone, with rating and rides offered', async () => {
      const viewer = await createUser(ctx);
      const driver = await createUser(ctx, {
        first_name: 'Sunita',
        last_name: 'Rao',
        location: 'Bengaluru',
        bio: 'Quiet driver',
        rating_sum: 9,
        rating_count: 2,
      });
      await insertRide(driver.id, 5 * HOUR, { total: 3, available: 3 });
      await insertRide(driver.id, -5 * HOUR, { total: 3, available: 3 });
      const gone = await insertRide(driver.id, 7 * HOUR, { total: 3, available: 3 });
      await ctx.db.updateTable('rides').set({ deleted_at: ctx.clock.now() }).where('id', '=', gone).execute();
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/users/${driver.id}`,
        headers: viewer.auth,
      });
      expect(expectReply(res, contract.getUser)).toEqual({
        id: driver.id,
        name: 'Sunita Rao',
        firstName: 'Sunita',
        location: 'Bengaluru',
        bio: 'Quiet driver',
        profilePictureUrl: null,
        rating: 4.5,
        ratingCount: 2,
        ridesOffered: 2,
        createdAt: '2026-11-22T04:30:00.000Z',
        emailVerified: true,
        phoneVerified: false,
        stats: { ridesCompleted: 0, driverCancellations: 0, cancellationRate: 0 },
        // Section 9: a profile shows the phone only to confirmed co-travellers.
        phone: null,
      });
    });

    it('is 404 for an unknown or deleted user and 401 without a token', async () => {
      const viewer = await createUser(ctx);
      const unknown = await ctx.app.inject({
        method: 'GET',
        url: `/api/users/${newId()}`,
        headers: viewer.auth,
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({
        success: false,
        data: null,
        message: ACCOUNT_ERR.userNotFound,
        error: ACCOUNT_ERR.userNotFound,
        code: 'USER_NOT_FOUND',
      });
      const leaving = await register(ctx);
      await ctx.app.inject({ method: 'DELETE', url: '/api/users/profile', headers: leaving.auth });
      expect(
        (await ctx.app.inject({ method: 'GET', url: `/api/users/${leaving.id}`, headers: viewer.auth }))
          .statusCode,
      ).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: `/api/users/${leaving.id}` })).statusCode).toBe(401);
    });

    it('answers an over-long id with 400', async () => {
      const viewer = await createUser(ctx);
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/users/${'x'.repeat(65)}`,
        headers: viewer.auth,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: 'Validation failed' });
    });
  });

  describe('DELETE /api/users/profile', () => {
    it('ends sessions, cancels future rides and open bookings with their seats, erases personal data, keeps history', async () => {
      const acc = await register(ctx, { firstName: 'Leaving', lastName: 'Driver' });
      const other = await createUser(ctx);
      const p1 = await createUser(ctx);
      const p2 = await createUser(ctx);
      // The user's own rides: one in the future with two open bookings, one already departed.
      const future = await insertRide(acc.id, 6 * HOUR, { total: 4, available: 1 });
      const b1 = await insertBooking(future, p1.id, 2, 'CONFIRMED');
      const b2 = await insertBooking(future, p2.id, 1, 'PENDING');
      const past = await insertRide(acc.id, -6 * HOUR, { total: 2, available: 1 });
      const pastBooking = await insertBooking(past, p1.id, 1, 'CONFIRMED');
      // The user's bookings on someone else's rides: one ahead, one on a ride already under way.
      const othersRide = await insertRide(other.id, 3 * HOUR, { total: 3, available: 1 });
      const mine = await insertBooking(othersRide, acc.id, 2, 'CONFIRMED');
      const othersPast = await insertRide(other.id, -HOUR, { total: 3, available: 2 });
      const minePast = await insertBooking(othersPast, acc.id, 1, 'CONFIRMED');

      const res = await ctx.app.inject({ method: 'DELETE', url: '/api/users/profile', headers: acc.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: null,
        message: 'Account deleted successfully',
        error: null,
      });

      expect(await ride(future)).toEqual({ status: 'CANCELLED', available_seats: 4 });
      expect([await booking(b1), await booking(b2)]).toEqual(['CANCELLED', 'CANCELLED']);
      expect(await ride(past)).toEqual({ status: 'ACTIVE', available_seats: 1 });
      expect(await booking(pastBooking)).toBe('CONFIRMED');
      expect(await booking(mine)).toBe('CANCELLED');
      expect(await ride(othersRide)).toEqual({ status: 'ACTIVE', available_seats: 3 });
      expect(await booking(minePast)).toBe('CONFIRMED');

      const row = await ctx.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', acc.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        first_name: 'Deleted',
        last_name: 'User',
        email: `deleted-${acc.id}@deleted.invalid`,
        phone: '',
        bio: null,
        picture_file: null,
        deleted_at: ctx.clock.now(),
      });
      expect(await queuedMailTo(ctx, acc.email)).toEqual([]); // the unsent verification mail is gone too

      // Passengers of the cancelled ride are told.
      for (const p of [p1, p2]) {
        const mails = await queuedMailTo(ctx, p.email);
        expect(mails.map((m) => m.subject)).toEqual([
          expect.stringMatching(/^Ride cancelled: Pune to Mumbai on \d{4}-\d{2}-\d{2}$/),
        ]);
      }

      expect(
        (await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: acc.auth })).statusCode,
      ).toBe(401);
      const refresh = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/refresh-token',
        headers: { authorization: `Bearer ${acc.refreshToken}` },
      });
      expect(refresh.statusCode).toBe(401);
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: acc.email, password: acc.password },
      });
      expect(login.statusCode).toBe(401);
      // The address is free again for a new account.
      const again = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          firstName: 'New',
          lastName: 'Person',
          email: acc.email,
          phone: '9000000000',
          password: 'fresh-start',
        },
      });
      expect(again.statusCode).toBe(201);
    });

    it('is 401 without a token', async () => {
      expect((await ctx.app.inject({ method: 'DELETE', url: '/api/users/profile' })).statusCode).toBe(401);
    });
  });
});
