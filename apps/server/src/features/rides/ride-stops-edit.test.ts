import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR } from '@saathchalo/shared';
import { createUser, type TestUser } from '../../test/factories.js';
import {
  bookSegment,
  call,
  legState,
  offerRide,
  rideBody,
  rideParties,
  TOMORROW,
} from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const STOPS = [{ place: 'Maddur' }, { place: 'Mandya', time: '11:15' }];
const alongTheWay = (driver: TestUser) =>
  offerRide(ctx, driver, { passengers: 3, pricePerSeat: 300, stops: STOPS });
const edit = (driver: TestUser, rideId: string, overrides: Record<string, unknown>) =>
  call(
    ctx,
    'PUT',
    `/api/rides/${rideId}/update`,
    driver,
    rideBody({ passengers: 3, pricePerSeat: 300, ...overrides }),
  );
const places = (stops: { place: string }[]) => stops.map((s) => s.place);

describe('editing the stops of a ride (decision 019)', () => {
  it('keeps the stops when the edit sends none (a client that knows nothing of stops), moving typed times with the departure', async () => {
    const { driver } = await rideParties(ctx);
    const ride = await alongTheWay(driver);
    const res = await edit(driver, ride.id, { departureTime: '10:00' });
    expect(res.status).toBe(200);
    expect(res.body.data.stops).toEqual([
      expect.objectContaining({ place: 'Bengaluru', time: '10:00' }),
      expect.objectContaining({ place: 'Maddur', time: '11:51', estimated: true }),
      expect.objectContaining({ place: 'Mandya', time: '12:15', estimated: false }),
      expect.objectContaining({ place: 'Mysuru', time: '13:12', estimated: true }),
    ]);
  });

  it('replaces them when it sends them, and removes them with an empty list', async () => {
    const { driver } = await rideParties(ctx);
    const ride = await alongTheWay(driver);
    const changed = await edit(driver, ride.id, { stops: [{ place: 'Channapatna' }, { place: 'Mandya' }] });
    expect(places(changed.body.data.stops)).toEqual(['Bengaluru', 'Channapatna', 'Mandya', 'Mysuru']);
    const none = await edit(driver, ride.id, { stops: [] });
    expect(places(none.body.data.stops)).toEqual(['Bengaluru', 'Mysuru']);
    expect(none.body.data.distanceKm).toBe(127.8);
  });

  it('refuses to remove a stop where a passenger boards or leaves, and changes nothing', async () => {
    const { driver, passenger } = await rideParties(ctx);
    const ride = await alongTheWay(driver);
    expect((await bookSegment(ctx, passenger, ride.id, { fromStop: 2, toStop: 3 }, 2)).status).toBe(201);
    const res = await edit(driver, ride.id, { stops: [{ place: 'Maddur' }] });
    expect(res).toMatchObject({ status: 409, body: { error: ERR.bookedStopChanged } });
    const after = (await call(ctx, 'GET', `/api/rides/${ride.id}`, driver)).body.data;
    expect(places(after.stops)).toEqual(['Bengaluru', 'Maddur', 'Mandya', 'Mysuru']);
    expect(await legState(ctx, ride.id)).toEqual({ legs: [3, 3, 1], expected: [3, 3, 1], available: 1 });
  });

  it('refuses to swap two stops that bookings use', async () => {
    const { driver, passenger } = await rideParties(ctx);
    const ride = await alongTheWay(driver);
    expect((await bookSegment(ctx, passenger, ride.id, { fromStop: 1, toStop: 2 }, 1)).status).toBe(201);
    const res = await edit(driver, ride.id, { stops: [{ place: 'Mandya' }, { place: 'Maddur' }] });
    expect(res).toMatchObject({ status: 409, body: { error: ERR.bookedStopChanged } });
  });

  it('lets stops nobody uses come and go, moving the bookings to their points', async () => {
    const { driver, passenger } = await rideParties(ctx);
    const ride = await alongTheWay(driver);
    const booked = (await bookSegment(ctx, passenger, ride.id, { fromStop: 2, toStop: 3 }, 2)).body.data;
    const whole = (await bookSegment(ctx, await createUser(ctx), ride.id, {}, 1)).body.data;
    // Channapatna added before Maddur, Maddur dropped: Mandya is point 2 still; then Srirangapatna after it.
    const res = await edit(driver, ride.id, {
      stops: [{ place: 'Channapatna' }, { place: 'Mandya', time: '11:15' }, { place: 'Srirangapatna' }],
    });
    expect(res.status).toBe(200);
    expect(places(res.body.data.stops)).toEqual([
      'Bengaluru',
      'Channapatna',
      'Mandya',
      'Srirangapatna',
      'Mysuru',
    ]);
    const mine = (await call(ctx, 'GET', '/api/bookings/my-bookings', passenger)).body.data as any[];
    expect(mine.find((b) => b.id === booked.id)).toMatchObject({
      fromStop: 2,
      toStop: 4,
      pickup: { place: 'Mandya', date: TOMORROW, time: '11:15' },
      drop: { place: 'Mysuru' },
    });
    expect(await legState(ctx, ride.id)).toEqual({
      legs: [2, 2, 0, 0],
      expected: [2, 2, 0, 0],
      available: 0,
    });
    expect(whole.toStop).toBe(3);
  });

  it('refuses fewer seats than a leg holds', async () => {
    const { driver, passenger } = await rideParties(ctx);
    const ride = await alongTheWay(driver);
    await bookSegment(ctx, passenger, ride.id, { fromStop: 1, toStop: 2 }, 3);
    const res = await edit(driver, ride.id, { passengers: 2 });
    expect(res).toMatchObject({ status: 400, body: { data: { passengers: ERR.seatsBelowBooked } } });
    const more = await edit(driver, ride.id, { passengers: 5 });
    expect(more.body.data.stops.map((s: { seatsToNext: number | null }) => s.seatsToNext)).toEqual([
      5,
      2,
      5,
      null,
    ]);
  });

  it('follows a whole-route booking when the driver moves the ends, as the first wave did', async () => {
    const { driver, passenger } = await rideParties(ctx);
    const ride = await alongTheWay(driver);
    const booked = (await bookSegment(ctx, passenger, ride.id, {}, 1)).body.data;
    const res = await edit(driver, ride.id, { to: 'Srirangapatna', stops: STOPS });
    expect(res.status).toBe(200);
    const mine = (await call(ctx, 'GET', '/api/bookings/my-bookings', passenger)).body.data as any[];
    expect(mine.find((b) => b.id === booked.id)).toMatchObject({
      fromStop: 0,
      toStop: 3,
      drop: { place: 'Srirangapatna' },
    });
  });
});
