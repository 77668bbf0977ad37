import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG, ERR, MSG } from '@saathchalo/shared';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { register } from '../test/accounts.js';

const JSON_TYPE = { 'content-type': 'application/json' };

describe('one JSON body parser for the whole API', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('deletes the account on DELETE /api/users/profile with a JSON content type and no body', async () => {
    const user = await register(ctx);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/users/profile',
      headers: { ...user.auth, ...JSON_TYPE },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      data: null,
      message: ACCOUNT_MSG.accountDeleted,
      error: null,
    });
  });

  it('reads an empty JSON body on PUT /api/users/profile as no fields, answered with the field messages', async () => {
    const user = await register(ctx);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { ...user.auth, ...JSON_TYPE },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: ERR.validationFailed, error: MSG.firstNameRequired });
    expect(res.json().data).toMatchObject({ firstName: MSG.firstNameRequired });
  });

  it('reads an empty JSON body as no body on the auth, rides, bookings and ratings routes too', async () => {
    const user = await register(ctx);
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...user.auth, ...JSON_TYPE },
    });
    expect(logout.statusCode, logout.body).toBe(200);
    const other = await register(ctx);
    const rating = await ctx.app.inject({
      method: 'POST',
      url: '/api/ratings',
      headers: { ...other.auth, ...JSON_TYPE },
    });
    expect(rating.statusCode).toBe(400);
    expect(rating.json()).toMatchObject({ message: ERR.validationFailed, error: 'Please select a rating' });
  });

  it('still refuses malformed JSON with a 400 in words on every route', async () => {
    const user = await register(ctx);
    for (const url of ['/api/users/profile', '/api/rides/offer', '/api/auth/login']) {
      const res = await ctx.app.inject({
        method: url === '/api/users/profile' ? 'PUT' : 'POST',
        url,
        headers: { ...user.auth, ...JSON_TYPE },
        payload: '{"firstName": ',
      });
      expect({ url, status: res.statusCode, body: res.json() }).toEqual({
        url,
        status: 400,
        body: {
          success: false,
          data: null,
          message: ERR.validationFailed,
          error: 'Request body is not valid JSON',
          code: 'VALIDATION_FAILED',
        },
      });
    }
  });
});
