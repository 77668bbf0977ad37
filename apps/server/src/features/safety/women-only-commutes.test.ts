import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR } from '@saathchalo/shared';
import { commuteBody, createCommute } from '../../test/commutes.js';
import { createUser } from '../../test/factories.js';
import { book, call, offerRide, rideBody } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * Section 9's women-only rides where a ride is not offered one by one: a commute (section 8) and its
 * standing bookings, and a ride made women-only after people booked it.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function people() {
  const woman = await createUser(ctx, { first_name: 'Kavya', gender: 'FEMALE' });
  const man = await createUser(ctx, { first_name: 'Arun', gender: 'MALE' });
  const unsaid = await createUser(ctx, { first_name: 'Sam' });
  const passenger = await createUser(ctx, { first_name: 'Divya', gender: 'FEMALE' });
  return { woman, man, unsaid, passenger };
}

const refused = (error: string) => ({ status: 403, body: { success: false, error } });

describe('women-only commutes', () => {
  it('make women-only rides for a woman driver, and keep it when an edit leaves it out', async () => {
    const { woman } = await people();
    const commute = await createCommute(ctx, woman, commuteBody({ womenOnly: true }));
    expect(commute.womenOnly).toBe(true);
    expect(commute.upcoming.length).toBeGreaterThan(0);
    expect(commute.upcoming.every((r: { womenOnly: boolean }) => r.womenOnly)).toBe(true);

    const edit = await call(ctx, 'PUT', `/api/commutes/${commute.id}`, woman, commuteBody({ seats: 2 }));
    expect(edit.status).toBe(200);
    expect(edit.body.data.womenOnly).toBe(true);
    expect(edit.body.data.upcoming.every((r: { womenOnly: boolean }) => r.womenOnly)).toBe(true);

    const off = await call(
      ctx,
      'PUT',
      `/api/commutes/${commute.id}`,
      woman,
      commuteBody({ womenOnly: false }),
    );
    expect(off.body.data.womenOnly).toBe(false);
    expect(off.body.data.upcoming.some((r: { womenOnly: boolean }) => r.womenOnly)).toBe(false);
    expect((await createCommute(ctx, woman, commuteBody())).womenOnly).toBe(false);
  });

  it('are refused (403) to a driver whose gender is not FEMALE, on create and on edit', async () => {
    const { man, unsaid } = await people();
    for (const driver of [man, unsaid]) {
      const res = await call(ctx, 'POST', '/api/commutes', driver, commuteBody({ womenOnly: true }));
      expect(res).toMatchObject(refused(ERR.womenOnlyDriver));
    }
    const commute = await createCommute(ctx, man, commuteBody());
    const edit = await call(ctx, 'PUT', `/api/commutes/${commute.id}`, man, commuteBody({ womenOnly: true }));
    expect(edit).toMatchObject(refused(ERR.womenOnlyDriver));
    const after = await call(ctx, 'GET', `/api/commutes/${commute.id}`, man);
    expect(after.body.data.womenOnly).toBe(false);
  });

  it('take standing bookings from women only (403 for anyone else, and nothing kept)', async () => {
    const { woman, man, unsaid, passenger } = await people();
    const commute = await createCommute(ctx, woman, commuteBody({ womenOnly: true, instantBooking: true }));
    for (const p of [man, unsaid]) {
      const res = await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, p, { seats: 1 });
      expect(res).toMatchObject(refused(ERR.womenOnlyRide));
      const seen = await call(ctx, 'GET', `/api/commutes/${commute.id}`, p);
      expect(seen.body.data.subscription).toBeNull();
    }
    const hers = await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, passenger, {
      seats: 1,
    });
    expect(hers.status).toBe(201);
    expect(hers.body.data.full).toEqual([]);
    expect(hers.body.data.booked.length).toBe(commute.upcoming.length);
  });
});

describe('a standing booking between a blocked pair', () => {
  it('is refused (403) even before the commute has a ride to book', async () => {
    const { woman, passenger } = await people();
    // Starts in four weeks: none of its rides is made yet (14 days ahead).
    const commute = await createCommute(ctx, woman, commuteBody({ startDate: '2026-12-20' }));
    expect(commute.upcoming).toEqual([]);
    await call(ctx, 'POST', `/api/users/${passenger.id}/block`, woman);
    const res = await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, passenger, { seats: 1 });
    expect(res).toMatchObject(refused(ERR.blockedBooking));
    await call(ctx, 'DELETE', `/api/users/${passenger.id}/block`, woman);
    const seen = await call(ctx, 'GET', `/api/commutes/${commute.id}`, passenger);
    expect(seen.body.data.subscription).toBeNull();
  });
});

describe('making a booked ride women-only', () => {
  it('is refused (409) while anyone but a woman holds an open booking on it, and allowed once they do not', async () => {
    const { woman, man, passenger } = await people();
    const ride = await offerRide(ctx, woman);
    await book(ctx, passenger, ride.id);
    const his = await book(ctx, man, ride.id);
    const edit = () => call(ctx, 'PUT', `/api/rides/${ride.id}/update`, woman, rideBody({ womenOnly: true }));
    expect(await edit()).toMatchObject({
      status: 409,
      body: { success: false, error: ERR.womenOnlyBooked, code: 'WOMEN_ONLY_BOOKED' },
    });
    expect((await call(ctx, 'GET', `/api/rides/${ride.id}`, woman)).body.data.womenOnly).toBe(false);
    await call(ctx, 'PUT', `/api/bookings/${his.id}/cancel`, woman);
    const allowed = await edit();
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.womenOnly).toBe(true);
  });
});
