import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_ERR, ERR, MSG, type Ride } from '@saathchalo/shared';
import { createUser } from '../../test/factories.js';
import { call, offerRide, TOMORROW } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { queuedMailTo, register, tokenFromLink } from '../../test/accounts.js';

describe('e-mail verification and password reset links', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const verifyTokenOf = async (email: string) =>
    tokenFromLink((await queuedMailTo(ctx, email))[0]!.text_body, '/verify-email');
  const resetTokenOf = async (email: string) => {
    const mails = (await queuedMailTo(ctx, email)).filter(
      (m) => m.subject === 'Reset your SaathChalo password',
    );
    return tokenFromLink(mails.at(-1)!.text_body, '/reset-password');
  };
  const forgot = (email: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  const login = (email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  describe('GET /api/auth/verify-email', () => {
    it('shows a driver verified in the very next search of their rides', async () => {
      const acc = await register(ctx);
      const driver = { ...acc, name: 'Driver', phone: '9876501234' };
      await offerRide(ctx, driver, { from: 'Surat', to: 'Vadodara' });
      const searcher = await createUser(ctx);
      const shown = async () => {
        const url = `/api/rides/search?from=Surat&to=Vadodara&date=${TOMORROW}`;
        const found = await call(ctx, 'GET', url, searcher);
        return found.body.data.find((r: Ride) => r.driver.id === acc.id)?.driver.emailVerified;
      };
      expect(await shown()).toBe(false);
      const token = await verifyTokenOf(acc.email);
      const url = `/api/auth/verify-email?token=${encodeURIComponent(token)}`;
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);
      expect(await shown()).toBe(true);
    });

    it('verifies the address with the token from the mail, once', async () => {
      const acc = await register(ctx);
      const token = await verifyTokenOf(acc.email);
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: 'Email verified successfully',
        data: { id: acc.id, emailVerified: true },
      });
      const me = await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: acc.auth });
      expect(me.json().data.emailVerified).toBe(true);
      const again = await ctx.app.inject({
        method: 'GET',
        url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
      });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        success: false,
        data: null,
        message: ACCOUNT_ERR.verifyLinkInvalid,
        error: ACCOUNT_ERR.verifyLinkInvalid,
        code: 'VERIFY_LINK_INVALID',
      });
    });

    it('stores only a hash of the token', async () => {
      const acc = await register(ctx);
      const token = await verifyTokenOf(acc.email);
      const rows = await ctx.db
        .selectFrom('email_tokens')
        .select('token_hash')
        .where('user_id', '=', acc.id)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.token_hash).not.toBe(token);
    });

    it('refuses a token older than 24 hours', async () => {
      const acc = await register(ctx);
      const token = await verifyTokenOf(acc.email);
      ctx.clock.advance(24 * 3_600_000 + 1000);
      try {
        const res = await ctx.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe(ACCOUNT_ERR.verifyLinkInvalid);
      } finally {
        ctx.clock.advance(-(24 * 3_600_000 + 1000));
      }
    });

    it('answers a missing token with the specification text and an unknown one with 400', async () => {
      const missing = await ctx.app.inject({ method: 'GET', url: '/api/auth/verify-email' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        success: false,
        message: 'Validation failed',
        error: MSG.verifyTokenMissing,
        data: { token: MSG.verifyTokenMissing },
        code: 'VALIDATION_FAILED',
      });
      const unknown = await ctx.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=nope' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error).toBe(ACCOUNT_ERR.verifyLinkInvalid);
    });

    it('also takes the token as a JSON body', async () => {
      const acc = await register(ctx);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token: await verifyTokenOf(acc.email) },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.emailVerified).toBe(true);
    });

    it('does not accept a reset token as a verification token', async () => {
      const acc = await register(ctx);
      await forgot(acc.email);
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/auth/verify-email?token=${await resetTokenOf(acc.email)}`,
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('POST /api/auth/forgot-password', () => {
    const sameAnswer = {
      success: true,
      data: null,
      message: 'If an account exists for this email, a password reset link has been sent to it.',
      error: null,
    };

    it('answers a known and an unknown address identically and mails only the known one', async () => {
      const acc = await register(ctx);
      const known = await forgot(acc.email.toUpperCase());
      const unknown = await forgot('no-such-person@example.in');
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual(sameAnswer);
      expect(unknown.json()).toEqual(sameAnswer);
      const mails = await queuedMailTo(ctx, acc.email);
      expect(mails.map((m) => m.subject)).toEqual([
        'Verify your SaathChalo email address',
        'Reset your SaathChalo password',
      ]);
      expect(mails[1]!.text_body).toMatch(/http:\/\/app\.test\/reset-password\?token=[\w-]{43}/);
      expect(mails[1]!.html_body).toContain('href="http://app.test/reset-password?token=');
      expect(await queuedMailTo(ctx, 'no-such-person@example.in')).toEqual([]);
    });

    it('takes the address as a query parameter, as the specification client sends it with an empty JSON body', async () => {
      const acc = await register(ctx);
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/auth/forgot-password?email=${encodeURIComponent(acc.email)}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(200);
      expect(
        (await queuedMailTo(ctx, acc.email)).some((m) => m.subject === 'Reset your SaathChalo password'),
      ).toBe(true);
    });

    it('answers a missing or malformed address with the specification texts', async () => {
      const missing = await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        success: false,
        message: 'Validation failed',
        error: MSG.emailRequired,
        data: { email: MSG.emailRequired },
        code: 'VALIDATION_FAILED',
      });
      const bad = await forgot('nope');
      expect(bad.json()).toEqual({
        success: false,
        message: 'Validation failed',
        error: MSG.emailInvalid,
        data: { email: MSG.emailInvalid },
        code: 'VALIDATION_FAILED',
      });
    });
  });

  describe('POST /api/auth/reset-password', () => {
    it('sets the new password, verifies the address and ends every session', async () => {
      const acc = await register(ctx);
      const second = await login(acc.email, acc.password);
      await forgot(acc.email);
      const token = await resetTokenOf(acc.email);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, newPassword: 'a-new-secret' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: null,
        message: 'Password has been reset successfully. Please sign in with your new password.',
        error: null,
      });
      for (const auth of [acc.auth, { authorization: `Bearer ${second.json().data.token}` }]) {
        expect(
          (await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: auth })).statusCode,
        ).toBe(401);
      }
      const refresh = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/refresh-token',
        headers: { authorization: `Bearer ${acc.refreshToken}` },
      });
      expect(refresh.statusCode).toBe(401);
      expect((await login(acc.email, acc.password)).statusCode).toBe(401);
      const fresh = await login(acc.email, 'a-new-secret');
      expect(fresh.statusCode).toBe(200);
      expect(fresh.json().data.user.emailVerified).toBe(true);
    });

    it('takes token and new password as query parameters, as the specification client sends them', async () => {
      const acc = await register(ctx);
      await forgot(acc.email);
      const token = await resetTokenOf(acc.email);
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/auth/reset-password?token=${encodeURIComponent(token)}&newPassword=${encodeURIComponent('query pass!')}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(200);
      expect((await login(acc.email, 'query pass!')).statusCode).toBe(200);
    });

    it('uses a reset token once, and an older link dies with the reset', async () => {
      const acc = await register(ctx);
      await forgot(acc.email);
      const older = await resetTokenOf(acc.email);
      await forgot(acc.email);
      const newer = await resetTokenOf(acc.email);
      const ok = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: newer, newPassword: 'first-reset' },
      });
      expect(ok.statusCode).toBe(200);
      for (const token of [newer, older]) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { token, newPassword: 'second-reset' },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          success: false,
          data: null,
          message: ACCOUNT_ERR.resetLinkInvalid,
          error: ACCOUNT_ERR.resetLinkInvalid,
          code: 'RESET_LINK_INVALID',
        });
      }
      expect((await login(acc.email, 'first-reset')).statusCode).toBe(200);
    });

    it('accepts one of two simultaneous resets with the same token', async () => {
      const acc = await register(ctx);
      await forgot(acc.email);
      const token = await resetTokenOf(acc.email);
      const results = await Promise.all(
        ['racer-one-pass', 'racer-two-pass'].map((newPassword) =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/auth/reset-password',
            payload: { token, newPassword },
          }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const winner = results[0]!.statusCode === 200 ? 'racer-one-pass' : 'racer-two-pass';
      expect((await login(acc.email, winner)).statusCode).toBe(200);
    });

    it('refuses a reset token older than one hour', async () => {
      const acc = await register(ctx);
      await forgot(acc.email);
      const token = await resetTokenOf(acc.email);
      ctx.clock.advance(3_600_000 + 1000);
      try {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { token, newPassword: 'too-late-now' },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe(ACCOUNT_ERR.resetLinkInvalid);
      } finally {
        ctx.clock.advance(-(3_600_000 + 1000));
      }
      expect((await login(acc.email, acc.password)).statusCode).toBe(200);
    });

    it('answers a missing token and a short password with the specification texts', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { newPassword: '123' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'Validation failed',
        error: MSG.resetTokenMissing,
        data: { token: MSG.resetTokenMissing, newPassword: MSG.resetPasswordMin },
        code: 'VALIDATION_FAILED',
      });
      const typed = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: 'x', newPassword: 123456 },
      });
      expect(typed.json()).toMatchObject({
        error: MSG.resetPasswordMin,
        data: { newPassword: MSG.resetPasswordMin },
      });
    });

    it('cannot reset the password of a deleted account', async () => {
      const acc = await register(ctx);
      await forgot(acc.email);
      const token = await resetTokenOf(acc.email);
      await ctx.app.inject({ method: 'DELETE', url: '/api/users/profile', headers: acc.auth });
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token, newPassword: 'back-again' },
      });
      expect(res.statusCode).toBe(400);
      expect((await login(acc.email, 'back-again')).json().error).toBe(ERR.invalidCredentials);
    });
  });
});
