import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ERR, ERR } from '@saathchalo/shared';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { queuedMailTo, register } from '../../test/accounts.js';
import { LIMITS } from '../../plugins/rate-limit.js';
import { closedPort } from '../../test/smtp.js';

const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

function expectTooMany(
  res: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  error: string,
  maxWait: number,
) {
  expect(res.statusCode).toBe(429);
  const code = error === ACCOUNT_ERR.tooManyFailedLogins ? 'TOO_MANY_FAILED_SIGN_INS' : 'TOO_MANY_REQUESTS';
  expect(res.json()).toEqual({ success: false, data: null, message: error, error, code });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxWait);
}

describe('rate limits (in memory)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const login = (email: string, password: string, ip = '198.51.100.1') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: ip,
    });

  it('does not count successful sign-ins against the address', async () => {
    const acc = await register(ctx);
    for (let i = 0; i < 9; i++) expect((await login(acc.email, 'wrong-password')).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await login(acc.email, acc.password)).statusCode).toBe(200);
    expect((await login(acc.email, 'wrong-password')).statusCode).toBe(401);
    expect((await login(acc.email, acc.password)).statusCode).toBe(429);
  });

  it('allows 300 sign-in requests per IP in 15 minutes (carrier-grade NAT), then answers 429 with Retry-After', async () => {
    const ip = randomIp();
    for (let i = 0; i < 300; i++) {
      // Bodies that fail validation keep the test fast; the IP limit counts every request.
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: {},
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: {},
      remoteAddress: ip,
    });
    expectTooMany(blocked, ERR.tooManyRequests, 900);
    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: {},
      remoteAddress: randomIp(),
    });
    expect(elsewhere.statusCode).toBe(400);
  });

  it('allows 100 sign-ups per IP in 15 minutes, then answers 429', async () => {
    const ip = randomIp();
    for (let i = 0; i < 100; i++) {
      expect(
        (await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: {}, remoteAddress: ip }))
          .statusCode,
      ).toBe(400);
    }
    expectTooMany(
      await ctx.app.inject({ method: 'POST', url: '/api/auth/register', payload: {}, remoteAddress: ip }),
      ERR.tooManyRequests,
      900,
    );
  });

  it('sends at most 5 reset mails per address an hour, with the same answer otherwise', async () => {
    const acc = await register(ctx);
    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: acc.email },
        remoteAddress: randomIp(),
      });
      expect(res.statusCode).toBe(200);
    }
    const sixth = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: acc.email },
      remoteAddress: randomIp(),
    });
    expectTooMany(sixth, ERR.tooManyRequests, 3600);
    const mails = await ctx.db
      .selectFrom('mails')
      .select('id')
      .where('to_address', '=', acc.email)
      .where('subject', '=', 'Reset your SaathChalo password')
      .execute();
    expect(mails).toHaveLength(5);
  });

  it('limits reset-password attempts per IP', async () => {
    const ip = randomIp();
    for (let i = 0; i < 100; i++) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: {},
        remoteAddress: ip,
      });
    }
    expectTooMany(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: {},
        remoteAddress: ip,
      }),
      ERR.tooManyRequests,
      900,
    );
  });
});

describe('rate limits shared through Redis', () => {
  // Two server processes (two apps) with one Redis: a limit reached through one holds on the other.
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    const env = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
    a = await createTestApp({ file: true, env });
    b = await createTestApp({ databaseUrl: a.database.url, env });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('counts failed sign-ins for an address and IP across servers', async () => {
    const acc = await register(a);
    const ip = randomIp();
    for (let i = 0; i < 10; i++) {
      const app = i % 2 === 0 ? a : b;
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: acc.email, password: 'wrong-password' },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(401);
    }
    const res = await b.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: acc.email, password: acc.password },
      remoteAddress: ip,
    });
    expectTooMany(res, ACCOUNT_ERR.tooManyFailedLogins, 900);
  });

  it('mails the owner of a hammered address once, whichever server counted the failures', async () => {
    const acc = await register(a);
    for (let i = 0; i < LIMITS.hammeredMailAfter + 2; i++) {
      const app = i % 2 === 0 ? a : b;
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: acc.email, password: 'wrong-password' },
        remoteAddress: randomIp(),
      });
      expect(res.statusCode).toBe(401);
    }
    const mails = await queuedMailTo(a, acc.email);
    expect(mails.map((m) => m.subject)).toEqual([
      'Verify your SaathChalo email address',
      'Someone is trying to sign in to your SaathChalo account',
    ]);
  });

  it('counts sign-ups per IP across servers', async () => {
    const ip = randomIp();
    for (let i = 0; i < 100; i++) {
      const app = i % 2 === 0 ? a : b;
      expect(
        (await app.app.inject({ method: 'POST', url: '/api/auth/register', payload: {}, remoteAddress: ip }))
          .statusCode,
      ).toBe(400);
    }
    expectTooMany(
      await a.app.inject({ method: 'POST', url: '/api/auth/register', payload: {}, remoteAddress: ip }),
      ERR.tooManyRequests,
      900,
    );
  });
});

describe('rate limits when Redis is unreachable', () => {
  it('lets people sign up and sign in rather than failing every request', async () => {
    const ctx = await createTestApp({ env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` } });
    try {
      const acc = await register(ctx);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: acc.email, password: acc.password },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});
