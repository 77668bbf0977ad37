import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@saathchalo/shared';
import { createUser, type TestUser } from '../../test/factories.js';
import { call, offerRide, rideBody } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let driver: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  driver = await createUser(ctx);
});
afterAll(() => ctx.close());

/** Sends a JSON text as it is, so a test can put a lone surrogate or a NUL escape on the wire. */
async function sendRaw(method: 'POST' | 'PUT', url: string, user: TestUser, json: string) {
  const res = await ctx.app.inject({
    method,
    url,
    headers: { ...user.auth, 'content-type': 'application/json' },
    payload: json,
  });
  return {
    status: res.statusCode,
    body: res.json() as { success: boolean; data: any; message: string; error: string | null },
  };
}

const refused = (field: string, message: string) => ({
  success: false,
  message: 'Validation failed',
  error: message,
  data: { [field]: message },
  code: 'VALIDATION_FAILED',
});

describe('a departure time with seconds', () => {
  it('is read as HH:mm when a ride is offered', async () => {
    const res = await call(ctx, 'POST', '/api/rides/offer', driver, rideBody({ departureTime: '09:30:00' }));
    expect(res.status).toBe(201);
    expect(res.body.data.departureTime).toBe('09:30');
  });

  it('is read as HH:mm when a ride is edited', async () => {
    const ride = await offerRide(ctx, driver);
    const res = await call(
      ctx,
      'PUT',
      `/api/rides/${ride.id}/update`,
      driver,
      rideBody({ departureTime: '18:45:59' }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.departureTime).toBe('18:45');
  });

  it('is still refused in any other form', async () => {
    const res = await call(ctx, 'POST', '/api/rides/offer', driver, rideBody({ departureTime: '9:30:00' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused('departureTime', MSG.timeInvalid));
  });
});

describe('a place name without letters or digits', () => {
  it('is refused with the field message when a ride is offered', async () => {
    const res = await call(ctx, 'POST', '/api/rides/offer', driver, rideBody({ from: '!!!' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused('from', MSG.placeNeedsLetters));
  });

  it('is refused with the field message when a ride is edited', async () => {
    const ride = await offerRide(ctx, driver);
    const res = await call(ctx, 'PUT', `/api/rides/${ride.id}/update`, driver, rideBody({ to: '— ??' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused('to', MSG.placeNeedsLetters));
  });
});

describe('a NUL byte', () => {
  it('in a text field of an offer is a 400, not stored and not a database error', async () => {
    for (const field of ['from', 'carModel', 'carNumber', 'additionalInfo']) {
      const res = await call(ctx, 'POST', '/api/rides/offer', driver, rideBody({ [field]: 'Swift\u0000X' }));
      expect(res.status, field).toBe(400);
      expect(res.body, field).toEqual(refused(field, MSG.textForbidden));
    }
  });

  it('in an id in the path is a 400, while an unknown well-formed id stays a 404', async () => {
    for (const url of [
      '/api/rides/abc%00def',
      '/api/rides/abc%01def/update',
      '/api/bookings/x%00/cancel',
      '/api/users/%00',
    ]) {
      const method = url.endsWith('update') || url.endsWith('cancel') ? 'PUT' : 'GET';
      const res = await call(ctx, method, url, driver, method === 'PUT' ? rideBody() : undefined);
      expect(res.status, url).toBe(400);
      expect(res.body, url).toEqual(refused('id', MSG.idInvalid));
    }
    const unknown = await call(ctx, 'GET', '/api/rides/0190c8f2-4a7b-7c3d-9e1f-123456789abc', driver);
    expect(unknown.status).toBe(404);
  });

  it('in an id in a body is a 400', async () => {
    const res = await call(ctx, 'POST', '/api/ratings', driver, {
      rating: 5,
      rideId: 'r\u0000',
      rateeId: driver.id,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused('rideId', MSG.idInvalid));
  });

  it('in a booking pickup is a 400', async () => {
    const ride = await offerRide(ctx, driver);
    const passenger = await createUser(ctx);
    const res = await call(ctx, 'POST', `/api/rides/${ride.id}/book`, passenger, {
      pickupLocation: 'Gate\u00002',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused('pickupLocation', MSG.textForbidden));
  });
});

describe('JSON types are taken as they are, never coerced', () => {
  it('refuses a price that is a boolean, a text or a list', async () => {
    for (const pricePerSeat of [true, '300', [300], '0x8', null]) {
      const res = await call(ctx, 'POST', '/api/rides/offer', driver, rideBody({ pricePerSeat }));
      expect(res.status, JSON.stringify(pricePerSeat)).toBe(400);
      expect(res.body, JSON.stringify(pricePerSeat)).toEqual(refused('pricePerSeat', MSG.priceInvalid));
    }
  });

  it('refuses seats given as text', async () => {
    for (const passengers of ['0x8', '3', [3], true]) {
      const res = await call(ctx, 'POST', '/api/rides/offer', driver, rideBody({ passengers }));
      expect(res.status, JSON.stringify(passengers)).toBe(400);
      expect(res.body, JSON.stringify(passengers)).toEqual(refused('passengers', MSG.seatsRange));
    }
  });

  it('refuses booked seats and a rating given as text', async () => {
    const ride = await offerRide(ctx, driver);
    const passenger = await createUser(ctx);
    const booking = await call(ctx, 'POST', `/api/rides/${ride.id}/book`, passenger, { seatsRequested: '2' });
    expect(booking.body).toEqual(refused('seatsRequested', MSG.seatsRange));
    const rating = await call(ctx, 'POST', '/api/ratings', passenger, {
      rating: '5',
      rideId: ride.id,
      rateeId: driver.id,
    });
    expect(rating.body).toEqual(refused('rating', MSG.ratingRequired));
  });

  it('reads numbers in the query string in decimal only', async () => {
    const q = '/api/rides/search?from=Pune&to=Mumbai&date=2026-12-01';
    for (const passengers of ['0x8', '1e0', '2.0', '+2', '', ' 2']) {
      const res = await call(ctx, 'GET', `${q}&passengers=${encodeURIComponent(passengers)}`, driver);
      expect(res.status, passengers).toBe(400);
      expect(res.body, passengers).toEqual(refused('passengers', MSG.passengersRange));
    }
    expect((await call(ctx, 'GET', `${q}&passengers=2`, driver)).status).toBe(200);
    expect((await call(ctx, 'GET', `${q}&page=0x1`, driver)).status).toBe(400);
  });
});

describe('text fields', () => {
  it('are stored in NFC and trimmed', async () => {
    const ride = await offerRide(ctx, driver, {
      from: '  Cafe\u0301 Town ',
      carModel: ' Swift ',
      additionalInfo: ' AC\r\nNo smoking ',
    });
    expect(ride.from).toBe('Café Town');
    expect(ride.carModel).toBe('Swift');
    expect(ride.additionalInfo).toBe('AC\nNo smoking');
  });

  it('refuse a right-to-left override, a zero-width space and a lone surrogate', async () => {
    const cases: Array<[string, string]> = [
      ['carNumber', '"KA01\\u202eAB1234"'],
      ['carModel', '"Swift\\u200b"'],
      ['additionalInfo', '"No smoking \\ud800"'],
      ['to', '"\\ufeffMysuru"'],
    ];
    for (const [field, json] of cases) {
      const body = JSON.stringify(rideBody()).replace(/}$/, `,"${field}":${json}}`);
      const res = await sendRaw('POST', '/api/rides/offer', driver, body);
      expect(res.status, field).toBe(400);
      expect(res.body, field).toEqual(refused(field, MSG.textForbidden));
    }
  });

  it('keep newlines and tabs in additional info but refuse them in a single-line field', async () => {
    const ride = await offerRide(ctx, driver, { additionalInfo: 'AC\n\tNo smoking' });
    expect(ride.additionalInfo).toBe('AC\n\tNo smoking');
    const res = await call(ctx, 'POST', '/api/rides/offer', driver, rideBody({ carModel: 'Swift\nDzire' }));
    expect(res.body).toEqual(refused('carModel', MSG.textForbidden));
  });
});
