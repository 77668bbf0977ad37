import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { queuedMailTo, register, tokenFromLink } from '../../test/accounts.js';
import { SessionLiveness } from './session-liveness.js';

describe('SessionLiveness (the in-process memory of live sessions)', () => {
  const make = (ttlMs = 5_000, max = 100) => {
    let t = 1_000;
    const cache = new SessionLiveness({ ttlMs, max, revokedMemoryMs: 60_000, monotonicNow: () => t });
    return { cache, advance: (ms: number) => (t += ms) };
  };

  it('trusts a session for ttlMs, never past its own expiry, and only for its own user', () => {
    const { cache, advance } = make();
    expect(cache.isKnownLive('s1', 'u1', 0)).toBe(false);
    cache.remember('s1', 'u1', 10_000);
    expect(cache.isKnownLive('s1', 'u1', 0)).toBe(true);
    expect(cache.isKnownLive('s1', 'u2', 0)).toBe(false);
    cache.remember('s1', 'u1', 10_000);
    expect(cache.isKnownLive('s1', 'u1', 10_000)).toBe(false); // the session itself expired
    cache.remember('s1', 'u1', 10_000);
    advance(5_000);
    expect(cache.isKnownLive('s1', 'u1', 0)).toBe(false); // asked again after ttlMs
  });

  it('forgets a session or all of a user at once, and does not take them back while the revocation is recent', () => {
    const { cache, advance } = make();
    cache.remember('s1', 'u1', 1e12);
    cache.remember('s2', 'u1', 1e12);
    cache.remember('s3', 'u2', 1e12);
    cache.forgetSession('s3');
    expect(cache.isKnownLive('s3', 'u2', 0)).toBe(false);
    cache.forgetUser('u1');
    expect(cache.isKnownLive('s1', 'u1', 0)).toBe(false);
    expect(cache.isKnownLive('s2', 'u1', 0)).toBe(false);
    // A read that raced the revoking transaction must not put "live" back.
    cache.remember('s1', 'u1', 1e12);
    cache.remember('s3', 'u2', 1e12);
    expect(cache.isKnownLive('s1', 'u1', 0)).toBe(false);
    expect(cache.isKnownLive('s3', 'u2', 0)).toBe(false);
    advance(60_000);
    cache.remember('s3', 'u2', 1e12);
    expect(cache.isKnownLive('s3', 'u2', 0)).toBe(true);
  });

  it('stays within its bound', () => {
    const { cache } = make(5_000, 10);
    for (let i = 0; i < 25; i++) cache.remember(`s${i}`, 'u', 1e12);
    const kept = Array.from({ length: 25 }, (_, i) => cache.isKnownLive(`s${i}`, 'u', 0)).filter(Boolean);
    expect(kept.length).toBeLessThanOrEqual(10);
    expect(cache.isKnownLive('s24', 'u', 0)).toBe(true); // the newest stays
  });
});

describe('sessions remembered as live still end at once in their app', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp({ file: true }); // a file, so that a second app can open the same database
  });
  afterAll(() => ctx.close());

  const profile = (headers: Record<string, string>) =>
    ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers });

  it('logout', async () => {
    const acc = await register(ctx);
    expect((await profile(acc.auth)).statusCode).toBe(200); // now remembered as live
    expect((await profile(acc.auth)).statusCode).toBe(200);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: acc.auth });
    expect((await profile(acc.auth)).statusCode).toBe(401);
  });

  it('password reset', async () => {
    const acc = await register(ctx);
    expect((await profile(acc.auth)).statusCode).toBe(200);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: acc.email } });
    const mail = (await queuedMailTo(ctx, acc.email)).find(
      (m) => m.subject === 'Reset your SaathChalo password',
    )!;
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: tokenFromLink(mail.text_body, '/reset-password'), newPassword: 'An0ther-Secret!' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await profile(acc.auth)).statusCode).toBe(401);
  });

  it('account deletion', async () => {
    const acc = await register(ctx);
    expect((await profile(acc.auth)).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: '/api/users/profile', headers: acc.auth })).statusCode,
    ).toBe(200);
    expect((await profile(acc.auth)).statusCode).toBe(401);
  });

  it('a second app on the same database, with a memory of its own, finds a logout through the first in the database', async () => {
    const other = await createTestApp({ databaseUrl: ctx.database.url });
    try {
      const acc = await register(ctx);
      expect((await profile(acc.auth)).statusCode).toBe(200);
      await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: acc.auth });
      expect(
        (await other.app.inject({ method: 'GET', url: '/api/users/profile', headers: acc.auth })).statusCode,
      ).toBe(401);
    } finally {
      await other.close();
    }
  });
});
