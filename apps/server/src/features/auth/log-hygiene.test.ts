import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import { queuedMailTo, register, tokenFromLink } from '../../test/accounts.js';

describe('the server log', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('never holds passwords, tokens or the query strings of auth calls, even at trace level', async () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: unknown) => {
      written.push(String(chunk));
      return true;
    }) as typeof process.stdout.write);
    const ctx = await createTestApp({ logger: true, env: { LOG_LEVEL: 'trace' } });
    const secrets: string[] = [];
    try {
      const acc = await register(ctx, { password: 'Pa55-word-register' });
      secrets.push(acc.password, acc.token, acc.refreshToken);
      const verify = tokenFromLink((await queuedMailTo(ctx, acc.email))[0]!.text_body, '/verify-email');
      secrets.push(verify);
      await ctx.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${verify}` });
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: acc.email, password: 'Wr0ng-guess-here' },
      });
      secrets.push('Wr0ng-guess-here');
      const refreshed = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/refresh-token',
        headers: { authorization: `Bearer ${acc.refreshToken}` },
      });
      secrets.push(refreshed.json().data.token, refreshed.json().data.refreshToken);
      await ctx.app.inject({
        method: 'POST',
        url: `/api/auth/forgot-password?email=${encodeURIComponent(acc.email)}`,
      });
      const mails = await queuedMailTo(ctx, acc.email);
      const reset = tokenFromLink(mails.at(-1)!.text_body, '/reset-password');
      secrets.push(reset, 'N3w-pass-from-query');
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/auth/reset-password?token=${reset}&newPassword=N3w-pass-from-query`,
      });
      expect(res.statusCode).toBe(200);
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: acc.email, password: 'N3w-pass-from-query' },
      });
      secrets.push(login.json().data.token, login.json().data.refreshToken);
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        payload: { refreshToken: login.json().data.refreshToken },
      });
    } finally {
      await ctx.close();
      vi.restoreAllMocks();
    }
    const log = written.join('');
    expect(log).toContain('"url":"/api/auth/reset-password"');
    expect(log).toContain('"url":"/api/auth/forgot-password"');
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/newPassword|token=|[?&]email=/);
  });
});
