import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@saathchalo/shared';
import { createUser } from '../../test/factories.js';
import { call, dateSequence, offerRide, rideBody } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const nextDate = dateSequence();
const refused = (field: string, text: string) => ({
  status: 400,
  body: { success: false, message: 'Validation failed', error: text, data: { [field]: text } },
});

/**
 * Section 4 makes the old and new names of a city one place (Bangalore is Bengaluru); so are they when a
 * ride is offered: "from and to different" and a stop "different from its neighbours" (section 7).
 */
describe('a place under its old or new name is the same place', () => {
  it('refuses a ride from a city to itself under its other name, on offer and on edit', async () => {
    const driver = await createUser(ctx);
    const offer = (body: Record<string, unknown>) =>
      call(ctx, 'POST', '/api/rides/offer', driver, rideBody({ departureDate: nextDate(), ...body }));
    expect(await offer({ from: 'Bengaluru', to: 'Bangalore' })).toMatchObject(refused('to', MSG.samePlace));
    expect(await offer({ from: 'Bombay', to: 'mumbai' })).toMatchObject(refused('to', MSG.samePlace));

    const ride = await offerRide(ctx, driver, { departureDate: nextDate() });
    const edit = await call(
      ctx,
      'PUT',
      `/api/rides/${ride.id}/update`,
      driver,
      rideBody({ departureDate: ride.departureDate, to: 'Bangalore' }),
    );
    expect(edit).toMatchObject(refused('to', MSG.samePlace));
  });

  it('refuses a stop that is its neighbour under another name', async () => {
    const driver = await createUser(ctx);
    const offer = (stops: { place: string }[]) =>
      call(ctx, 'POST', '/api/rides/offer', driver, rideBody({ departureDate: nextDate(), stops }));
    const sameAsNeighbour = MSG.stopSameAsNeighbour;
    expect(await offer([{ place: 'Bangalore' }])).toMatchObject(refused('stops.0.place', sameAsNeighbour));
    expect(await offer([{ place: 'Mandya' }, { place: 'Mysore' }])).toMatchObject(
      refused('to', sameAsNeighbour),
    );
    expect(await offer([{ place: 'Mangalore' }, { place: 'Mangaluru' }])).toMatchObject(
      refused('stops.1.place', sameAsNeighbour),
    );
  });

  it('checks the stops an edit keeps against the ends it moves', async () => {
    const driver = await createUser(ctx);
    const ride = await offerRide(ctx, driver, {
      departureDate: nextDate(),
      stops: [{ place: 'Mysore' }],
      to: 'Ooty',
    });
    const edit = await call(
      ctx,
      'PUT',
      `/api/rides/${ride.id}/update`,
      driver,
      rideBody({ departureDate: ride.departureDate, to: 'Mysuru' }),
    );
    expect(edit).toMatchObject(refused('to', MSG.stopSameAsNeighbour));
    const unchanged = await call(ctx, 'GET', `/api/rides/${ride.id}`, driver);
    expect(unchanged.body.data.stops.map((s: { place: string }) => s.place)).toEqual([
      'Bengaluru',
      'Mysore',
      'Ooty',
    ]);
  });
});
