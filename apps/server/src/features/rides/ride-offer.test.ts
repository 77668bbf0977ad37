import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, MSG } from '@saathchalo/shared';
import { call, offerRide, rideBody, rideParties, TOMORROW } from '../../test/marketplace.js';
import { validationFailed } from '../../test/accounts.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const people = () => rideParties(ctx);

describe('POST /api/rides/offer', () => {
  it('creates an ACTIVE ride in the contract shape', async () => {
    const { driver } = await people();
    const res = await call(ctx, 'POST', '/api/rides/offer', driver, rideBody({ instantBooking: true }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Ride offered successfully', error: null });
    expect(res.body.data).toEqual({
      id: expect.any(String),
      from: 'Bengaluru',
      to: 'Mysuru',
      route: { from: 'Bengaluru', to: 'Mysuru' },
      departureDate: TOMORROW,
      departureTime: '09:00',
      totalSeats: 3,
      availableSeats: 3,
      bookedSeats: 0,
      pricePerSeat: 250,
      carModel: 'Maruti Swift',
      carNumber: 'KA01AB1234',
      additionalInfo: 'No smoking',
      instantBooking: true,
      status: 'ACTIVE',
      womenOnly: false,
      driver: {
        id: driver.id,
        name: 'Ravi Kumar',
        phone: '9876543210',
        rating: 0,
        emailVerified: true,
        phoneVerified: false,
        stats: { ridesCompleted: 0, driverCancellations: 0, cancellationRate: 0 },
      },
      passengers: [],
      // Section 7: every point of the ride; the arrival estimated at 40 km/h over the great circle.
      stops: [
        { index: 0, place: 'Bengaluru', date: TOMORROW, time: '09:00', lat: 12.9719, lng: 77.5937, estimated: false, seatsToNext: 3 },
        { index: 1, place: 'Mysuru', date: TOMORROW, time: '12:12', lat: 12.2979, lng: 76.6393, estimated: true, seatsToNext: null },
      ],
      distanceKm: 127.8,
    });
  });

  it('defaults to one seat, no instant booking and no additional info', async () => {
    const { driver } = await people();
    const body = rideBody();
    delete body.passengers;
    delete body.additionalInfo;
    const res = await call(ctx, 'POST', '/api/rides/offer', driver, body);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      totalSeats: 1,
      availableSeats: 1,
      instantBooking: false,
      additionalInfo: null,
    });
  });

  it('answers every missing field with the specification texts', async () => {
    const { driver } = await people();
    const res = await call(ctx, 'POST', '/api/rides/offer', driver, {});
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'Validation failed', error: MSG.fromRequired });
    expect(res.body.data).toEqual({
      from: MSG.fromRequired,
      to: MSG.toRequired,
      departureDate: MSG.dateRequired,
      departureTime: MSG.timeRequired,
      pricePerSeat: MSG.priceInvalid,
      carModel: MSG.carModelRequired,
      carNumber: MSG.carNumberRequired,
    });
  });

  it.each([
    [{ from: '   ' }, 'from', MSG.fromRequired],
    [{ to: '' }, 'to', MSG.toRequired],
    [{ to: ' bengaluru ' }, 'to', MSG.samePlace],
    [{ to: 'Bengaluru.' }, 'to', MSG.samePlace],
    [{ departureDate: '2026-13-01' }, 'departureDate', MSG.dateInvalid],
    [{ departureTime: '25:00' }, 'departureTime', MSG.timeInvalid],
    [{ pricePerSeat: 0 }, 'pricePerSeat', MSG.priceInvalid],
    [{ pricePerSeat: 99.5 }, 'pricePerSeat', MSG.priceInvalid],
    [{ pricePerSeat: 'abc' }, 'pricePerSeat', MSG.priceInvalid],
    [{ passengers: 0 }, 'passengers', MSG.seatsRange],
    [{ passengers: 9 }, 'passengers', MSG.seatsRange],
    [{ carModel: '' }, 'carModel', MSG.carModelRequired],
    [{ carNumber: ' ' }, 'carNumber', MSG.carNumberRequired],
    [{ from: 'x'.repeat(101) }, 'from', MSG.tooLong(100)],
    [{ instantBooking: 'yes' }, 'instantBooking', 'Must be true or false'],
    [{ departureDate: '2026-11-21' }, 'departureDate', MSG.dateInPast],
    [{ departureDate: '2026-11-22', departureTime: '09:59' }, 'departureTime', MSG.timeInPast],
    [{ departureDate: '2026-11-22', departureTime: '10:00' }, 'departureTime', MSG.timeInPast],
  ])('refuses %j with a field error', async (override, field, message) => {
    const { driver } = await people();
    const res = await call(ctx, 'POST', '/api/rides/offer', driver, rideBody(override));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationFailed({ [field]: message }));
  });

  it('accepts a departure later today (IST)', async () => {
    const { driver } = await people();
    const res = await call(
      ctx,
      'POST',
      '/api/rides/offer',
      driver,
      rideBody({ departureDate: '2026-11-22', departureTime: '10:01' }),
    );
    expect(res.status).toBe(201);
  });

  it('places a town named with its state where the bare name is a bigger town elsewhere ("Kota, Chhattisgarh")', async () => {
    const { driver, passenger } = await people();
    const ride = await offerRide(ctx, driver, {
      from: 'Kota, Chhattisgarh',
      to: 'Bilaspur',
      pricePerSeat: 100,
    });
    // Kota, Chhattisgarh is about 30 km from Bilaspur; a bare "Kota" is Rajasthan's, about 800 km away.
    expect(ride.stops[0]).toMatchObject({ place: 'Kota, Chhattisgarh' });
    expect(ride.stops[0]!.lat).toBeCloseTo(22.3, 0);
    expect(ride.distanceKm).toBeLessThan(100);
    const qs = new URLSearchParams({ from: 'Kota', to: 'Bilaspur', date: TOMORROW }).toString();
    const found = await call(ctx, 'GET', `/api/rides/search?${qs}`, passenger);
    expect(found.body.data.map((r: { id: string }) => r.id)).toContain(ride.id);
  });

  it('places a small town of a name that dozens of places share, named with its state ("Rampur, Assam")', async () => {
    const { driver } = await people();
    const ride = await offerRide(ctx, driver, { from: 'Rampur, Assam', to: 'Guwahati', pricePerSeat: 100 });
    // Assam, not Uttar Pradesh's Rampur (the biggest of 13), over 1,000 km away.
    expect(ride.stops[0]!.lng).toBeGreaterThan(89);
    expect(ride.distanceKm).toBeLessThan(300);
  });

  it('needs a signed-in user', async () => {
    const res = await call(ctx, 'POST', '/api/rides/offer', null, rideBody());
    expect(res.status).toBe(401);
    expect(res.body.error).toBe(ERR.authRequired);
  });
});
describe('GET /api/rides/locations/from and /to', () => {
  it('serves built-in Indian cities and places used by rides, by prefix', async () => {
    const { driver } = await people();
    await offerRide(ctx, driver, { from: 'Koramangala Bengaluru', to: 'Kochi Marine Drive' });
    const from = await call(ctx, 'GET', '/api/rides/locations/from?q=kora', driver);
    expect(from.status).toBe(200);
    expect(from.body.data).toContain('Koramangala Bengaluru');
    const to = await call(ctx, 'GET', '/api/rides/locations/to?q=cochin&limit=50', driver);
    expect(to.body.data).toEqual(expect.arrayContaining(['Kochi', 'Kochi Marine Drive']));
    const builtin = await call(ctx, 'GET', '/api/rides/locations/from?q=Lucknow', driver);
    expect(builtin.body.data).toContain('Lucknow');
    const none = await call(ctx, 'GET', '/api/rides/locations/to?q=zzzz', driver);
    expect(none.body.data).toEqual([]);
    const any = await call(ctx, 'GET', '/api/rides/locations/from', driver);
    expect(any.body.data).toHaveLength(10);
  });
});
