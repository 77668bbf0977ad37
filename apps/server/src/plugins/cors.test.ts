import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '@saathchalo/shared';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { register } from '../test/accounts.js';

const FRONT = 'https://front.example.in';

describe('CORS for a configured origin', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { CORS_ORIGINS: `${FRONT}, https://other.example.in` } });
  });
  afterAll(() => ctx.close());

  const preflight = (method: string, origin = FRONT) =>
    ctx.app.inject({
      method: 'OPTIONS',
      url: '/api/users/profile',
      headers: {
        origin,
        'access-control-request-method': method,
        'access-control-request-headers': 'content-type,authorization',
      },
    });

  it("passes the browser's preflight for every method the API uses, with the headers the client sends", async () => {
    const methods = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'];
    const answers = await Promise.all(methods.map((method) => preflight(method)));
    const seen = answers.map((res, i) => ({
      method: methods[i],
      status: res.statusCode,
      allowed: String(res.headers['access-control-allow-methods']).split(/,\s*/).includes(methods[i]!),
      origin: res.headers['access-control-allow-origin'],
      headers: res.headers['access-control-allow-headers'],
    }));
    expect(seen).toEqual(
      methods.map((method) => ({
        method,
        status: 204,
        allowed: true,
        origin: FRONT,
        headers: 'Content-Type, Authorization',
      })),
    );
  });

  it('lets the permitted origin read the answer of a PUT and a DELETE', async () => {
    const user = await register(ctx);
    const headers = { ...user.auth, origin: FRONT, 'content-type': 'application/json' };
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers,
      payload: { firstName: 'Kavya', phone: '9876543210' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.headers['access-control-allow-origin']).toBe(FRONT);
    const del = await ctx.app.inject({ method: 'DELETE', url: '/api/users/profile', headers });
    expect(del.json().message).toBe(ACCOUNT_MSG.accountDeleted);
    expect(del.headers['access-control-allow-origin']).toBe(FRONT);
  });

  it("lets the permitted origin read a 401, so the client can act on the contract's text", async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers: { origin: FRONT, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['access-control-allow-origin']).toBe(FRONT);
  });

  it('lets the permitted origin read Retry-After on a 429, so the client knows when to try again', async () => {
    const user = await register(ctx);
    let res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    // Block changes are limited per account (60 a quarter hour): the 61st is a 429.
    for (let i = 0; i < 61 && res.statusCode !== 429; i += 1) {
      res = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/users/${user.id}0/block`,
        headers: { ...user.auth, origin: FRONT, 'content-type': 'application/json' },
      });
    }
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.headers['access-control-allow-origin']).toBe(FRONT);
    // Retry-After is not a CORS-safelisted response header: unexposed, the browser hides it from the page.
    expect(String(res.headers['access-control-expose-headers']).split(/,\s*/)).toContain('Retry-After');
  });

  it('gives an origin that is not listed no allow-origin, on the preflight or the answer', async () => {
    const res = await preflight('DELETE', 'https://evil.example.com');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const get = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example.com' },
    });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });
});
