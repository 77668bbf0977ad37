import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, openSession, type TestUser } from '../../test/factories.js';
import { book, call, offerRide, TOMORROW } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const fresh = async (u: TestUser) => ({
  ...u,
  auth: { authorization: `Bearer ${await openSession(ctx, u.id)}` },
});

/**
 * A deleted account's phone is erased (CONTRACT section 4): its co-travellers' history shows it as not
 * known (null), as every other phone an answer does not give, never as an empty string a client would
 * build a chat link from.
 */
describe('the phone of a deleted account in its co-travellers’ history', () => {
  it('is null in the bookings and rides of both sides, not an empty string', async () => {
    const driver = await createUser(ctx);
    const passenger = await createUser(ctx);
    const ride = await offerRide(ctx, driver, { departureTime: '09:00', instantBooking: true });
    await book(ctx, passenger, ride.id);
    ctx.clock.set(`${TOMORROW}T05:00:00.000Z`);
    const [d, p] = [await fresh(driver), await fresh(passenger)];
    expect((await call(ctx, 'PUT', `/api/rides/${ride.id}/status?status=COMPLETED`, d)).status).toBe(200);

    expect((await call(ctx, 'DELETE', '/api/users/profile', p)).status).toBe(200);
    const requests = (await call(ctx, 'GET', '/api/bookings/my-ride-bookings', d)).body.data;
    expect(requests.map((b: { passenger: { phone: string | null } }) => b.passenger.phone)).toEqual([null]);
    const [mine] = (await call(ctx, 'GET', '/api/rides/my-rides', d)).body.data;
    expect(mine.passengers.map((b: { passenger: { phone: string | null } }) => b.passenger.phone)).toEqual([
      null,
    ]);

    const other = await fresh(await createUser(ctx));
    const otherRide = await offerRide(ctx, other, { departureDate: '2026-11-24', instantBooking: true });
    const second = await book(ctx, d, otherRide.id);
    ctx.clock.set('2026-11-24T05:00:00.000Z');
    const [o, d2] = [await fresh(other), await fresh(driver)];
    await call(ctx, 'PUT', `/api/rides/${otherRide.id}/status?status=COMPLETED`, o);
    expect((await call(ctx, 'DELETE', '/api/users/profile', o)).status).toBe(200);
    const booked = (await call(ctx, 'GET', '/api/bookings/my-bookings', d2)).body.data;
    expect(booked.find((b: { id: string }) => b.id === second.id).driver.phone).toBeNull();
    expect((await call(ctx, 'GET', `/api/rides/${otherRide.id}`, d2)).body.data.driver.phone).toBeNull();
  });
});
