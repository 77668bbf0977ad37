import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, MSG } from '@saathchalo/shared';
import { createUser, type TestUser } from '../test/factories.js';
import { rideBody } from '../test/marketplace.js';
import { createTestApp, type TestContext } from '../test/test-app.js';

let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  user = await createUser(ctx);
});
afterAll(() => ctx.close());

const post = (url: string, payload: string, type = 'application/json') =>
  ctx.app.inject({ method: 'POST', url, headers: { ...user.auth, 'content-type': type }, payload });

/** CONTRACT section 2: a validation failure names its first problem in words, ours, never the library's. */
describe('validation failures of a body that is not the shape asked for', () => {
  it('answers a JSON body that is not an object (null, a list, a string, a number) in words', async () => {
    for (const [url, body] of [
      ['/api/rides/offer', 'null'],
      ['/api/rides/offer', '[]'],
      ['/api/ratings', '"five"'],
      ['/api/auth/login', '42'],
    ] as const) {
      const res = await post(url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: ERR.validationFailed,
        error: 'Request body must be a JSON object',
        data: { body: 'Request body must be a JSON object' },
        code: 'VALIDATION_FAILED',
      });
    }
  });

  it('says the same of JSON sent as text/plain, which the API reads as a string', async () => {
    const res = await post('/api/rides/offer', JSON.stringify(rideBody()), 'text/plain');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Request body must be a JSON object' });
  });

  it('answers a stop that is not an object with the stops text', async () => {
    for (const stop of [null, 'Mandya', 3]) {
      const res = await post('/api/rides/offer', JSON.stringify(rideBody({ stops: [stop] })));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: MSG.stopsInvalid, data: { 'stops.0': MSG.stopsInvalid } });
    }
  });
});
