import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR } from '@saathchalo/shared';
import { createTestApp, type TestContext } from '../test/test-app.js';

const JSON_TYPE = { 'content-type': 'application/json' };

describe('a protected call without a valid token', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const calls = [
    { method: 'PUT', url: '/api/users/profile' },
    { method: 'DELETE', url: '/api/users/profile' },
    { method: 'POST', url: '/api/ratings' },
    { method: 'POST', url: '/api/rides/offer' },
    { method: 'POST', url: '/api/rides/some-ride/book' },
    { method: 'PUT', url: '/api/bookings/some-booking/confirm' },
  ] as const;

  it('answers 401 before its body is parsed, whether the body is broken, empty or invalid', async () => {
    for (const call of calls) {
      for (const payload of ['{"broken": ', '', '{"rating": "five"}', 'not json at all']) {
        const res = await ctx.app.inject({ ...call, headers: JSON_TYPE, payload });
        expect({ call, payload, status: res.statusCode, body: res.json() }).toEqual({
          call,
          payload,
          status: 401,
          body: {
            success: false,
            data: null,
            message: ERR.authRequired,
            error: ERR.authRequired,
            code: 'UNAUTHENTICATED',
          },
        });
      }
    }
  });

  it('answers 401 with why a presented token was refused, before the body is validated', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { ...JSON_TYPE, authorization: 'Bearer not-a-token' },
      payload: '{"phone": 12}',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      data: null,
      message: 'Invalid or expired token',
      error: 'Invalid or expired token',
      code: 'TOKEN_INVALID',
    });
  });

  it('answers 401 to a profile picture upload before reading the upload', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/users/profile/picture',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nbroken',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(ERR.authRequired);
  });
});
