import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ERR } from '@saathchalo/shared';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { register, tooManyRequests } from '../../test/accounts.js';
import { openSession } from './session-tokens.js';

/** One public address in front of many phones, as a mobile carrier's NAT puts them (CONTRACT.md section 2). */
const NAT = '100.64.0.1';

describe('refreshing tokens behind a carrier-grade NAT', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const refresh = (refreshToken: string, remoteAddress = NAT) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      headers: { authorization: `Bearer ${refreshToken}`, 'content-type': 'application/json' },
      payload: '',
      remoteAddress,
    });

  it('renews the sessions of more phones than the sign-in limit allows in 15 minutes, all from one address', async () => {
    const { id } = await register(ctx);
    const sessions = [];
    for (let i = 0; i < 400; i++) sessions.push(await openSession(ctx.db, ctx.app.deps, id, ctx.clock.now()));
    for (const s of sessions) {
      const res = await refresh(s.refreshToken);
      // A 429 here makes the specification's client sign the commuter out ('Token refresh failed').
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('slows a network that keeps presenting unknown refresh tokens, never a live session behind it', async () => {
    const { refreshToken } = await register(ctx);
    const scanner = '100.64.0.2';
    for (let i = 0; i < 300; i++) expect((await refresh(`guess-${i}`, scanner)).statusCode).toBe(401);
    const blocked = await refresh('guess-again', scanner);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(tooManyRequests);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect((await refresh(refreshToken, scanner)).statusCode).toBe(200);
    expect((await refresh('guess-elsewhere', '100.64.0.3')).json().error).toBe(
      ACCOUNT_ERR.refreshTokenInvalid,
    );
  });
});
