import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ERR } from '@saathchalo/shared';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { register } from '../../test/accounts.js';
import { REFRESH_GRACE_MS } from './refresh-grace.js';

/**
 * Two tabs, or a retry after a lost answer, present the same refresh token at once: within a short grace
 * window the retired token answers with the pair its first use got, instead of ending the session.
 */
describe('refreshing twice with one refresh token', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const refresh = (token: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
  const profileStatus = async (token: string) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/users/profile',
        headers: { authorization: `Bearer ${token}` },
      })
    ).statusCode;
  const expectReused = (res: Awaited<ReturnType<typeof refresh>>) => {
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      success: false,
      data: null,
      message: ACCOUNT_ERR.refreshTokenReused,
      error: ACCOUNT_ERR.refreshTokenReused,
      code: 'REFRESH_TOKEN_REUSED',
    });
  };

  it('gives simultaneous refreshes the same new pair, and the session goes on', async () => {
    const acc = await register(ctx);
    const results = await Promise.all([1, 2, 3].map(() => refresh(acc.refreshToken)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const pairs = results.map((r) => r.json().data);
    expect(pairs[1]).toEqual(pairs[0]);
    expect(pairs[2]).toEqual(pairs[0]);
    expect(pairs[0].refreshToken).not.toBe(acc.refreshToken);
    expect(await profileStatus(pairs[0].token)).toBe(200);
    const next = await refresh(pairs[0].refreshToken);
    expect(next.statusCode).toBe(200);
    expect(await profileStatus(next.json().data.token)).toBe(200);
  });

  it('answers a retry within the grace window with the same pair', async () => {
    const acc = await register(ctx);
    const first = (await refresh(acc.refreshToken)).json().data;
    ctx.clock.advance(REFRESH_GRACE_MS - 1_000);
    try {
      const retry = await refresh(acc.refreshToken);
      expect(retry.statusCode).toBe(200);
      expect(retry.json().data).toEqual(first);
      expect(await profileStatus(first.token)).toBe(200);
    } finally {
      ctx.clock.advance(-(REFRESH_GRACE_MS - 1_000));
    }
  });

  it('ends the session when the retired token comes back after the grace window', async () => {
    const acc = await register(ctx);
    const first = (await refresh(acc.refreshToken)).json().data;
    ctx.clock.advance(REFRESH_GRACE_MS + 1);
    try {
      expectReused(await refresh(acc.refreshToken));
      expect(await profileStatus(first.token)).toBe(401);
      expect((await refresh(first.refreshToken)).statusCode).toBe(401);
    } finally {
      ctx.clock.advance(-(REFRESH_GRACE_MS + 1));
    }
  });

  it('ends the session when the retired token comes back after its successor was itself used', async () => {
    const acc = await register(ctx);
    const first = (await refresh(acc.refreshToken)).json().data;
    const second = (await refresh(first.refreshToken)).json().data;
    expectReused(await refresh(acc.refreshToken));
    expect(await profileStatus(second.token)).toBe(401);
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
  });

  it('keeps neither the new refresh token nor the new access token in clear', async () => {
    const acc = await register(ctx);
    const pair = (await refresh(acc.refreshToken)).json().data;
    const rows = await ctx.db
      .selectFrom('refresh_tokens')
      .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
      .selectAll('refresh_tokens')
      .where('sessions.user_id', '=', acc.id)
      .execute();
    expect(rows).toHaveLength(2);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(pair.refreshToken);
    expect(stored).not.toContain(pair.token);
    expect(stored).not.toContain(acc.refreshToken);
  });
});
