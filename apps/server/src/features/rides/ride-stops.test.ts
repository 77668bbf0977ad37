import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@saathchalo/shared';
import { book, call, offerRide, rideBody, rideParties, TOMORROW } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const people = () => rideParties(ctx);
const DAY_AFTER = '2026-11-24';

describe('stops on offer (CONTRACT.md section 7)', () => {
  it('lists every point with coordinates, times (typed or estimated at 40 km/h) and seats per leg', async () => {
    const { driver } = await people();
    const ride = await offerRide(ctx, driver, {
      passengers: 3,
      stops: [{ place: 'Maddur' }, { place: 'Mandya', time: '11:15' }],
    });
    expect(ride.stops).toEqual([
      {
        index: 0,
        place: 'Bengaluru',
        date: TOMORROW,
        time: '09:00',
        lat: 12.9719,
        lng: 77.5937,
        estimated: false,
        seatsToNext: 3,
      },
      // 73.8 km at 40 km/h: 1 h 51 min (rounded up to the minute).
      {
        index: 1,
        place: 'Maddur',
        date: TOMORROW,
        time: '10:51',
        lat: 12.5828,
        lng: 77.0429,
        estimated: true,
        seatsToNext: 3,
      },
      {
        index: 2,
        place: 'Mandya',
        date: TOMORROW,
        time: '11:15',
        lat: 12.5223,
        lng: 76.8975,
        estimated: false,
        seatsToNext: 3,
      },
      {
        index: 3,
        place: 'Mysuru',
        date: TOMORROW,
        time: '12:12',
        lat: 12.2979,
        lng: 76.6393,
        estimated: true,
        seatsToNext: null,
      },
    ]);
    // Great-circle kilometres along the points, not the straight line from end to end (127.8).
    expect(ride.distanceKm).toBe(128.4);
  });

  it('takes a stop time earlier than the departure as the next day', async () => {
    const { driver } = await people();
    const ride = await offerRide(ctx, driver, {
      from: 'Mumbai',
      to: 'Delhi',
      departureTime: '20:00',
      stops: [{ place: 'Vadodara', time: '06:30' }],
    });
    expect(ride.stops[1]).toMatchObject({
      place: 'Vadodara',
      date: DAY_AFTER,
      time: '06:30',
      estimated: false,
    });
    // Some 800 km on at 40 km/h: the day after.
    expect(ride.stops[2]).toMatchObject({ place: 'Delhi', date: '2026-11-25', estimated: true });
  });

  it('accepts places the gazetteer does not know, without coordinates or distance', async () => {
    const { driver } = await people();
    const ride = await offerRide(ctx, driver, { stops: [{ place: 'Ramu Dhaba', time: '10:00' }] });
    expect(ride.stops[1]).toMatchObject({ place: 'Ramu Dhaba', lat: null, lng: null, time: '10:00' });
    expect(ride.distanceKm).toBeNull();
  });

  it('estimates the times after a stop the gazetteer does not know from the points around it', async () => {
    const { driver } = await people();
    const direct = await offerRide(ctx, driver, { stops: [] });
    const ride = await offerRide(ctx, driver, { stops: [{ place: 'Ramu Dhaba' }] });
    const arrival = direct.stops[1]!.time;
    expect(arrival > '11:00').toBe(true);
    expect(ride.stops[2]).toMatchObject({ place: 'Mysuru', time: arrival, estimated: true });
    const dhaba = ride.stops[1]!;
    expect(dhaba).toMatchObject({ place: 'Ramu Dhaba', lat: null, estimated: true });
    expect(dhaba.time > '09:00' && dhaba.time < arrival).toBe(true);
  });

  it('keeps rides without stops at two points', async () => {
    const { driver } = await people();
    const ride = await offerRide(ctx, driver, { stops: [] });
    expect(ride.stops.map((s) => s.place)).toEqual(['Bengaluru', 'Mysuru']);
  });

  it.each([
    [{ stops: Array.from({ length: 7 }, (_, i) => ({ place: `Stop ${i}` })) }, 'stops', MSG.stopsTooMany],
    [{ stops: 'Mandya' }, 'stops', MSG.stopsInvalid],
    [{ stops: [{ place: ' ' }] }, 'stops.0.place', MSG.stopPlaceRequired],
    [{ stops: [{}] }, 'stops.0.place', MSG.stopPlaceRequired],
    [{ stops: [{ place: '!!' }] }, 'stops.0.place', MSG.placeNeedsLetters],
    [{ stops: [{ place: 'Mandya', time: '25:00' }] }, 'stops.0.time', MSG.timeInvalid],
    [{ stops: [{ place: 'bengaluru' }] }, 'stops.0.place', MSG.stopSameAsNeighbour],
    [{ stops: [{ place: 'Mandya' }, { place: 'MANDYA ' }] }, 'stops.1.place', MSG.stopSameAsNeighbour],
    [{ stops: [{ place: 'Mandya' }, { place: 'Mysuru' }] }, 'to', MSG.stopSameAsNeighbour],
  ])('refuses stops that are not a route (%j)', async (overrides, field, message) => {
    const { driver } = await people();
    const res = await call(ctx, 'POST', '/api/rides/offer', driver, rideBody(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'Validation failed', error: message });
    expect(res.body.data).toEqual({ [field]: message });
  });

  it('refuses a stop time that does not come after the point before it', async () => {
    const { driver } = await people();
    const res = await call(
      ctx,
      'POST',
      '/api/rides/offer',
      driver,
      rideBody({
        stops: [
          { place: 'Maddur', time: '10:30' },
          { place: 'Mandya', time: '10:15' },
        ],
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ 'stops.1.time': MSG.stopTimeOrder });
    // Nor after an estimated one: Maddur is estimated at 10:51.
    const later = await call(
      ctx,
      'POST',
      '/api/rides/offer',
      driver,
      rideBody({ stops: [{ place: 'Maddur' }, { place: 'Mandya', time: '10:45' }] }),
    );
    expect(later.body.data).toEqual({ 'stops.1.time': MSG.stopTimeOrder });
  });

  it('reads a stop time as liberally as the departure time', async () => {
    const { driver } = await people();
    const ride = await offerRide(ctx, driver, {
      stops: [
        { place: 'Mandya', time: '10:30:00' },
        { place: 'Srirangapatna', time: '' },
      ],
    });
    expect(ride.stops[1]).toMatchObject({ time: '10:30', estimated: false });
    expect(ride.stops[2]).toMatchObject({ estimated: true });
  });
});

describe('stops in every ride shape', () => {
  it('my rides, a ride by id, search, filter, and the ride of bookings on both sides', async () => {
    const { driver, passenger } = await rideParties(ctx);
    const ride = await offerRide(ctx, driver, { from: 'Pune', to: 'Mumbai', stops: [{ place: 'Lonavala' }] });
    const booking = await book(ctx, passenger, ride.id);
    const where = ['Pune', 'Lonavala', 'Mumbai'];
    const check = (shape: { stops: { place: string }[]; distanceKm: number | null }) => {
      expect(shape.stops.map((s) => s.place)).toEqual(where);
      expect(shape.distanceKm).toBe(ride.distanceKm);
    };
    expect(ride.distanceKm).toBeGreaterThan(100);
    const find = (list: { id: string }[], id = ride.id) => list.find((r) => r.id === id) as any;
    check(find((await call(ctx, 'GET', '/api/rides/my-rides', driver)).body.data));
    check((await call(ctx, 'GET', `/api/rides/${ride.id}`, passenger)).body.data);
    const query = `from=Pune&to=Mumbai&date=${TOMORROW}`;
    check(find((await call(ctx, 'GET', `/api/rides/search?${query}`, passenger)).body.data));
    check(find((await call(ctx, 'GET', `/api/rides/filter?${query}`, passenger)).body.data));
    check(find((await call(ctx, 'GET', '/api/bookings/my-bookings', passenger)).body.data, booking.id).ride);
    check(
      find((await call(ctx, 'GET', '/api/bookings/my-ride-bookings', driver)).body.data, booking.id).ride,
    );
  });
});
