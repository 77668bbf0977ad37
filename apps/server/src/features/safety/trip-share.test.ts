import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { contract, ERR, istToUtcMs } from '@saathchalo/shared';
import { expectReply } from '../../test/contract-reply.js';
import { createUser, openSession } from '../../test/factories.js';
import { book, call, offerRide, TOMORROW } from '../../test/marketplace.js';
import { createTestApp, TEST_NOW, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
afterEach(() => ctx.clock.set(Date.parse(TEST_NOW)));

async function confirmedTrip() {
  const driver = await createUser(ctx, {
    first_name: 'Ravi',
    last_name: 'Kumar',
    rating_sum: 9,
    rating_count: 2,
  });
  const passenger = await createUser(ctx, { first_name: 'Asha', last_name: 'Rao' });
  const stranger = await createUser(ctx);
  const ride = await offerRide(ctx, driver, { instantBooking: true, departureTime: '09:00' });
  const booking = await book(ctx, passenger, ride.id);
  return { driver, passenger, stranger, ride, booking };
}

const share = (bookingId: string, user: Parameters<typeof call>[3]) =>
  call(ctx, 'POST', `/api/bookings/${bookingId}/share`, user);
const open = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/trips/${token}` });

describe('share my trip', () => {
  it('gives the passenger a link whose page, without sign-in, shows only the public fields', async () => {
    const t = await confirmedTrip();
    const res = await share(t.booking.id, t.passenger);
    expect(res.status).toBe(201);
    const { url, token, expiresAt } = res.body.data;
    expect(url).toBe(`http://app.test/trip/${token}`);
    // 32 random bytes: 43 base64url characters.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // 12 hours after the ride's last point: Mysuru at 12:12 IST (estimated, 06:42 UTC).
    expect(expiresAt).toBe(`${TOMORROW}T18:42:00.000Z`);
    const page = await open(token);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({
      success: true,
      message: 'OK',
      error: null,
      data: {
        route: { from: 'Bengaluru', to: 'Mysuru' },
        stops: [
          { index: 0, place: 'Bengaluru', date: TOMORROW, time: '09:00' },
          { index: 1, place: 'Mysuru', date: TOMORROW, time: '12:12' },
        ],
        departureDate: TOMORROW,
        departureTime: '09:00',
        status: 'CONFIRMED',
        driver: { firstName: 'Ravi', rating: 4.5 },
        car: { model: 'Maruti Swift', number: 'KA01AB1234' },
        passengerFirstName: 'Asha',
      },
    });
    expect(page.body).not.toContain(t.driver.phone);
    expect(page.body).not.toContain(t.driver.id);
    expect(page.body).not.toContain('@');
  });

  it('stores only the SHA-256 of the token', async () => {
    const t = await confirmedTrip();
    const { token } = (await share(t.booking.id, t.driver)).body.data;
    const rows = await ctx.db
      .selectFrom('trip_shares')
      .selectAll()
      .where('booking_id', '=', t.booking.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('base64url'));
  });

  it('lets the driver share too, but not a stranger (403) nor a booking that is not confirmed (409)', async () => {
    const t = await confirmedTrip();
    expect((await share(t.booking.id, t.driver)).status).toBe(201);
    expect(await share(t.booking.id, t.stranger)).toMatchObject({
      status: 403,
      body: { error: ERR.notAuthorizedShare },
    });
    const pendingRide = await offerRide(ctx, t.driver, { departureTime: '11:00' });
    const pending = await book(ctx, t.passenger, pendingRide.id);
    expect(await share(pending.id, t.passenger)).toMatchObject({
      status: 409,
      body: { error: ERR.shareNotConfirmed },
    });
    expect((await share('no-such-booking', t.passenger)).status).toBe(404);
    expect((await share(t.booking.id, null)).status).toBe(401);
  });

  it('dies when the booking is cancelled', async () => {
    const t = await confirmedTrip();
    const { token } = (await share(t.booking.id, t.passenger)).body.data;
    await call(ctx, 'PUT', `/api/bookings/${t.booking.id}/cancel`, t.passenger);
    const page = await open(token);
    expect(page.statusCode).toBe(404);
    expect(page.json()).toEqual({
      success: false,
      data: null,
      message: ERR.tripLinkDead,
      error: ERR.tripLinkDead,
      code: 'TRIP_LINK_DEAD',
    });
  });

  it("lives on while the trip is COMPLETED, and dies 12 hours after the ride's last point", async () => {
    const t = await confirmedTrip();
    const { token } = (await share(t.booking.id, t.passenger)).body.data;
    ctx.clock.set(`${TOMORROW}T05:00:00.000Z`);
    // The driver marks the ride completed after it left (a fresh session: the first one has expired).
    const driver = { ...t.driver, auth: { authorization: `Bearer ${await openSession(ctx, t.driver.id)}` } };
    const done = await call(ctx, 'PUT', `/api/rides/${t.ride.id}/status?status=COMPLETED`, driver);
    expect(done.status).toBe(200);
    expect((await open(token)).json().data.status).toBe('COMPLETED');
    ctx.clock.set(`${TOMORROW}T18:41:59.999Z`);
    expect((await open(token)).statusCode).toBe(200);
    ctx.clock.set(`${TOMORROW}T18:42:00.000Z`);
    expect(await open(token).then((r) => [r.statusCode, r.json().error])).toEqual([404, ERR.tripLinkDead]);
  });

  it('shows every point of a ride with stops, and lives until 12 hours after its last one', async () => {
    const driver = await createUser(ctx);
    const passenger = await createUser(ctx);
    const ride = await offerRide(ctx, driver, {
      instantBooking: true,
      departureTime: '09:00',
      stops: [{ place: 'Mandya', time: '10:30' }],
    });
    const booking = await book(ctx, passenger, ride.id);
    const { token, expiresAt } = (await share(booking.id, passenger)).body.data;
    const page = (await open(token)).json().data;
    expect(page.stops.map((p: { place: string; time: string }) => [p.place, p.time])).toEqual(
      ride.stops.map((p) => [p.place, p.time]),
    );
    const last = ride.stops[ride.stops.length - 1]!;
    const lastAt = istToUtcMs(last.date, last.time);
    expect(Date.parse(expiresAt)).toBe(lastAt + 12 * 3_600_000);
    ctx.clock.set(lastAt + 12 * 3_600_000 - 1);
    expect((await open(token)).statusCode).toBe(200);
    ctx.clock.set(lastAt + 12 * 3_600_000);
    expect((await open(token)).statusCode).toBe(404);
  });

  it("refuses to share a trip from 12 hours after the ride's last point (409), and makes no link", async () => {
    const t = await confirmedTrip();
    // Signed in late, as a user opening the app after the ride would be.
    const late = async (user: typeof t.passenger) => ({
      ...user,
      auth: { authorization: `Bearer ${await openSession(ctx, user.id)}` },
    });
    // Mysuru at 12:12 IST (06:42 UTC): 18:42 UTC is the end of the link's life.
    ctx.clock.set(`${TOMORROW}T18:41:59.999Z`);
    const passenger = await late(t.passenger);
    const lastMoment = await ctx.app.inject({
      method: 'POST',
      url: `/api/bookings/${t.booking.id}/share`,
      headers: passenger.auth,
    });
    const made = expectReply(lastMoment, contract.shareTrip);
    expect(made.expiresAt).toBe(`${TOMORROW}T18:42:00.000Z`);
    expect((await open(made.token)).statusCode).toBe(200);

    ctx.clock.set(`${TOMORROW}T18:42:00.000Z`);
    const ended = {
      status: 409,
      body: {
        success: false,
        data: null,
        message: ERR.tripEnded,
        error: ERR.tripEnded,
        code: 'TRIP_ENDED',
      },
    };
    expect(ERR.tripEnded).toBe('This trip has ended and can no longer be shared');
    expect(await share(t.booking.id, passenger)).toEqual(ended);
    expect(await share(t.booking.id, await late(t.driver))).toEqual(ended);
    ctx.clock.set(`${TOMORROW}T23:00:00.000Z`);
    expect(await share(t.booking.id, await late(t.passenger))).toEqual(ended);
    const links = await ctx.db
      .selectFrom('trip_shares')
      .select('booking_id')
      .where('booking_id', '=', t.booking.id)
      .execute();
    expect(links).toHaveLength(1);
  });

  it('answers an unknown token as a dead link', async () => {
    expect((await open('x'.repeat(43))).statusCode).toBe(404);
  });
});
