import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { call, dateSequence, offerRide } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * A search does not read the rides that left `from`'s area before the passenger may board (migration
 * 0024, decision 037): a ride that waits in the city for hours is still found by a window that opens
 * after it arrives, and one that left before the window is not.
 */
let ctx: TestContext;
let driver: TestUser;
let passenger: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  driver = await createUser(ctx);
  passenger = await createUser(ctx);
});
afterAll(() => ctx.close());

describe('GET /api/rides/filter with a departure window', () => {
  it('finds a ride that reached the city hours before the window and boards in it, not one gone before', async () => {
    const date = dateSequence()();
    // Its first leg, inside one cell of the grid, takes hours: in Indiranagar's cell from 07:00, there at
    // 12:40. Within 1 km of Indiranagar no other cell is read, so that cell's row alone must find it.
    const waits = await offerRide(ctx, driver, {
      from: 'Koramangala, Bengaluru',
      to: 'Mysuru',
      departureDate: date,
      departureTime: '07:00',
      stops: [{ place: 'Indiranagar, Bengaluru', time: '12:40' }],
    });
    const early = await offerRide(ctx, driver, {
      from: 'Indiranagar, Bengaluru',
      to: 'Mysuru',
      departureDate: date,
      departureTime: '06:00',
    });
    const later = await offerRide(ctx, driver, {
      from: 'Indiranagar, Bengaluru',
      to: 'Mysuru',
      departureDate: date,
      departureTime: '14:00',
    });
    const found = await call(
      ctx,
      'GET',
      `/api/rides/filter?from=${encodeURIComponent('Indiranagar, Bengaluru')}&to=Mysuru&date=${date}&departAfter=12:00&departBefore=18:00&radiusKm=1`,
      passenger,
    );
    expect(found.status).toBe(200);
    const rides = found.body.data as { id: string; segment: { from: { place: string; time: string } } }[];
    expect(rides.map((r) => r.id)).toEqual([waits.id, later.id]);
    expect(rides[0]!.segment.from).toMatchObject({ place: 'Indiranagar, Bengaluru', time: '12:40' });
    expect(rides.map((r) => r.id)).not.toContain(early.id);
  });
});
