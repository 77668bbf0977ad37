import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR } from '@saathchalo/shared';
import { createUser } from '../../test/factories.js';
import { book, call, dateSequence, offerRide, rideBody } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const nextDate = dateSequence();

async function people() {
  const woman = await createUser(ctx, { first_name: 'Kavya', gender: 'FEMALE' });
  const man = await createUser(ctx, { first_name: 'Arun', gender: 'MALE' });
  const unsaid = await createUser(ctx, { first_name: 'Sam' });
  const other = await createUser(ctx, { first_name: 'Noor', gender: 'OTHER' });
  const passenger = await createUser(ctx, { first_name: 'Divya', gender: 'FEMALE' });
  return { woman, man, unsaid, other, passenger };
}

describe('women-only rides', () => {
  it('lets a woman driver offer one, shown as womenOnly on the ride', async () => {
    const { woman } = await people();
    const ride = await offerRide(ctx, woman, { womenOnly: true });
    expect(ride.womenOnly).toBe(true);
    expect((await call(ctx, 'GET', `/api/rides/${ride.id}`, woman)).body.data.womenOnly).toBe(true);
    expect((await offerRide(ctx, woman)).womenOnly).toBe(false);
  });

  it('refuses womenOnly from a driver whose gender is not FEMALE, on offer and on edit (403)', async () => {
    const { man, unsaid, other, woman } = await people();
    for (const driver of [man, unsaid, other]) {
      const res = await call(ctx, 'POST', '/api/rides/offer', driver, rideBody({ womenOnly: true }));
      expect(res).toMatchObject({ status: 403, body: { success: false, error: ERR.womenOnlyDriver } });
    }
    const ride = await offerRide(ctx, man);
    const edit = await call(ctx, 'PUT', `/api/rides/${ride.id}/update`, man, rideBody({ womenOnly: true }));
    expect(edit).toMatchObject({ status: 403, body: { error: ERR.womenOnlyDriver } });
    // A woman switches it on and off on edit; an edit that leaves it out keeps it.
    const hers = await offerRide(ctx, woman);
    const on = await call(ctx, 'PUT', `/api/rides/${hers.id}/update`, woman, rideBody({ womenOnly: true }));
    expect(on.body.data.womenOnly).toBe(true);
    const kept = await call(ctx, 'PUT', `/api/rides/${hers.id}/update`, woman, rideBody());
    expect(kept.body.data.womenOnly).toBe(true);
    const off = await call(ctx, 'PUT', `/api/rides/${hers.id}/update`, woman, rideBody({ womenOnly: false }));
    expect(off.body.data.womenOnly).toBe(false);
  });

  it('books a woman passenger and refuses everyone else with 403 "This ride is for women only"', async () => {
    const { woman, man, unsaid, other, passenger } = await people();
    const ride = await offerRide(ctx, woman, { womenOnly: true, passengers: 3 });
    for (const p of [man, unsaid, other]) {
      const res = await call(ctx, 'POST', `/api/rides/${ride.id}/book`, p, { seatsRequested: 1 });
      expect(res).toEqual({
        status: 403,
        body: { success: false, data: null, message: ERR.womenOnlyRide, error: ERR.womenOnlyRide },
      });
    }
    const booking = await book(ctx, passenger, ride.id);
    expect(booking.ride.womenOnly).toBe(true);
    expect((await call(ctx, 'GET', `/api/rides/${ride.id}`, woman)).body.data.availableSeats).toBe(2);
  });

  it('keeps women-only rides alone in search and filter with womenOnly=true, and every ride without it', async () => {
    const { woman, man } = await people();
    const date = nextDate();
    const route = { from: 'Kochi', to: 'Alappuzha', departureDate: date };
    const only = await offerRide(ctx, woman, { ...route, womenOnly: true, departureTime: '08:00' });
    const open = await offerRide(ctx, man, { ...route, departureTime: '09:00' });
    const ids = (res: Awaited<ReturnType<typeof call>>) => res.body.data.map((r: { id: string }) => r.id);
    const q = `from=Kochi&to=Alappuzha&date=${date}`;
    expect(ids(await call(ctx, 'GET', `/api/rides/search?${q}`, man))).toEqual([only.id, open.id]);
    expect(ids(await call(ctx, 'GET', `/api/rides/search?${q}&womenOnly=true`, man))).toEqual([only.id]);
    expect(ids(await call(ctx, 'GET', `/api/rides/search?${q}&womenOnly=false`, man))).toEqual([
      only.id,
      open.id,
    ]);
    expect(ids(await call(ctx, 'GET', `/api/rides/filter?${q}&womenOnly=true`, man))).toEqual([only.id]);
    const results = (await call(ctx, 'GET', `/api/rides/search?${q}`, man)).body.data;
    expect(results.map((r: { womenOnly: boolean }) => r.womenOnly)).toEqual([true, false]);
    const bad = await call(ctx, 'GET', `/api/rides/search?${q}&womenOnly=yes`, man);
    expect(bad).toMatchObject({ status: 400, body: { data: { womenOnly: 'Must be true or false' } } });
  });
});
