import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.js';

const signUp = (ctx: TestContext, forwardedFor: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {},
    remoteAddress: '203.0.113.7',
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('client addresses behind and without a proxy', () => {
  let ctx: TestContext;
  afterEach(() => ctx.close());

  it('ignores X-Forwarded-For by default, so a client cannot dodge the per-IP limit', async () => {
    ctx = await createTestApp();
    for (let i = 0; i < 100; i++) expect((await signUp(ctx, `10.0.0.${i}`)).statusCode).toBe(400);
    const res = await signUp(ctx, '10.0.1.1');
    expect(res.statusCode).toBe(429);
  });

  it('uses X-Forwarded-For when TRUST_PROXY says a proxy is in front', async () => {
    ctx = await createTestApp({ env: { TRUST_PROXY: '1' } });
    for (let i = 0; i < 101; i++) expect((await signUp(ctx, `10.0.0.${i}`)).statusCode).toBe(400);
  });
});
