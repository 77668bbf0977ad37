import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, ACCOUNT_ERR, ERR, MSG } from '@saathchalo/shared';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { newAccount, register } from '../../test/accounts.js';
import { createUser } from '../../test/factories.js';
import { REFRESH_GRACE_MS } from './refresh-grace.js';
import { expectReply } from '../../test/contract-reply.js';

describe('sign-up, sign-in and sessions', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

  describe('POST /api/auth/register', () => {
    it('creates the account, answers 201 with the user and a token pair, and queues a verification mail', async () => {
      const body = newAccount({
        email: '  Priya.Sharma@Example.IN ',
        firstName: ' Priya ',
        lastName: 'Sharma',
        location: '',
      });
      const res = await post('/api/auth/register', body);
      expect(res.statusCode).toBe(201);
      const json = res.json();
      expect(json).toMatchObject({
        success: true,
        message: 'Registration successful. Please check your email to verify your account.',
        error: null,
      });
      expect(json.data.user).toEqual({
        id: expect.any(String),
        firstName: 'Priya',
        lastName: 'Sharma',
        name: 'Priya Sharma',
        email: 'priya.sharma@example.in',
        phone: '9876543210',
        location: 'India',
        bio: null,
        profilePictureUrl: null,
        emailVerified: false,
        rating: 0,
        ratingCount: 0,
        createdAt: '2026-11-22T04:30:00.000Z',
        gender: null,
        phoneVerified: false,
        contactVisibility: 'EVERYONE',
      });
      expect(json.data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(json.data.refreshToken).toMatch(/^[\w-]{43}$/);
      const mails = await ctx.db
        .selectFrom('mails')
        .selectAll()
        .where('to_address', '=', 'priya.sharma@example.in')
        .execute();
      expect(mails.map((m) => m.subject)).toEqual(['Verify your SaathChalo email address']);
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/users/profile',
        headers: { authorization: `Bearer ${json.data.token}` },
      });
      expect(me.json().data.email).toBe('priya.sharma@example.in');
    });

    it('stores the password as a salted argon2id hash, never in clear', async () => {
      const a = await register(ctx, { password: 'same-password' });
      const b = await register(ctx, { password: 'same-password' });
      const rows = await ctx.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', 'in', [a.id, b.id])
        .execute();
      for (const r of rows)
        expect(r.password_hash).toMatch(
          /^\$argon2id\$v=19\$m=7168,t=5,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
        );
      expect(rows[0]!.password_hash).not.toBe(rows[1]!.password_hash);
    });

    it('refuses an address that is already registered, whatever its case, with 409', async () => {
      const first = await register(ctx);
      const res = await post('/api/auth/register', newAccount({ email: first.email.toUpperCase() }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        success: false,
        data: null,
        message: ERR.emailExists,
        error: ERR.emailExists,
        code: 'EMAIL_EXISTS',
      });
      expect(res.json().error).toContain('already exists');
    });

    it('lets only one of two simultaneous sign-ups with one address through', async () => {
      const body = newAccount();
      const results = await Promise.all([
        post('/api/auth/register', body),
        post('/api/auth/register', { ...body, email: body.email.toUpperCase() }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      const rows = await ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', body.email.toLowerCase())
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('answers every missing field with the specification text for it', async () => {
      const res = await post('/api/auth/register', {});
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'Validation failed',
        error: MSG.firstNameRequired,
        data: {
          firstName: MSG.firstNameRequired,
          lastName: MSG.lastNameRequired,
          email: MSG.emailRequired,
          phone: MSG.phoneRequired,
          password: MSG.passwordRequired,
        },
        code: 'VALIDATION_FAILED',
      });
    });

    it.each([
      ['email', 'not-an-address', MSG.emailInvalid],
      ['email', '   ', MSG.emailRequired],
      ['phone', '12345', MSG.phoneInvalid],
      ['phone', '5876543210', MSG.phoneInvalid],
      ['phone', '98765432101', MSG.phoneInvalid],
      ['password', '12345', MSG.passwordMin],
      ['password', '', MSG.passwordRequired],
      ['firstName', '  ', MSG.firstNameRequired],
      ['lastName', '', MSG.lastNameRequired],
      ['firstName', 'x'.repeat(51), 'Must be at most 50 characters'],
      ['email', `${'a'.repeat(250)}@x.in`, 'Must be at most 254 characters'],
      ['password', 'p'.repeat(129), 'Must be at most 128 characters'],
      ['location', 'l'.repeat(101), 'Must be at most 100 characters'],
      ['firstName', 42, MSG.firstNameRequired],
      ['phone', 9876543210, MSG.phoneRequired],
    ])('answers %s = %j with 400 "%s"', async (field, value, message) => {
      const res = await post('/api/auth/register', newAccount({ [field]: value }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: 'Validation failed',
        error: message,
        data: { [field]: message },
        code: 'VALIDATION_FAILED',
      });
    });

    it('accepts a phone written with spaces or dashes and stores its ten digits', async () => {
      const res = await post('/api/auth/register', newAccount({ phone: '98765-43210' }));
      expect(expectReply(res, contract.register).user.phone).toBe('9876543210');
    });

    it('answers malformed JSON and a non-object body with 400, never 500', async () => {
      const broken = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/json' },
        payload: '{"firstName": "Asha",',
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toMatchObject({ success: false, error: 'Request body is not valid JSON' });
      const list = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'content-type': 'application/json' },
        payload: '[1,2]',
      });
      expect(list.statusCode).toBe(400);
      expect(list.json()).toMatchObject({ success: false, message: 'Validation failed' });
    });

    it('answers an oversized body with 400', async () => {
      const res = await post('/api/auth/register', newAccount({ bio: 'x'.repeat(100_000) }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, error: 'Request body is too large' });
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in with the right password, whatever the case of the address', async () => {
      const acc = await register(ctx);
      const res = await post('/api/auth/login', { email: acc.email.toUpperCase(), password: acc.password });
      expect(res.json()).toMatchObject({ success: true, message: 'Login successful', error: null });
      expect(expectReply(res, contract.login).user).toMatchObject({
        id: acc.id,
        email: acc.email,
        emailVerified: false,
      });
      expect(Object.keys(res.json().data).sort()).toEqual(['refreshToken', 'token', 'user']);
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/users/profile',
        headers: { authorization: `Bearer ${res.json().data.token}` },
      });
      expect(me.statusCode).toBe(200);
    });

    it('answers a wrong password and an unknown address alike: 401 "Invalid email or password"', async () => {
      const acc = await register(ctx);
      const wrong = await post('/api/auth/login', { email: acc.email, password: 'not-the-password' });
      const unknown = await post('/api/auth/login', { email: 'nobody@example.in', password: 'whatever1' });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({
          success: false,
          data: null,
          message: ERR.invalidCredentials,
          error: ERR.invalidCredentials,
          code: 'INVALID_CREDENTIALS',
        });
      }
    });

    it.each([
      [{ password: 'secret1' }, 'email', MSG.emailRequired],
      [{ email: 'x', password: 'secret1' }, 'email', MSG.emailInvalid],
      [{ email: 'a@b.in' }, 'password', MSG.passwordRequired],
      [{ email: 'a@b.in', password: 'abc' }, 'password', MSG.passwordMin],
      [{ email: 'a@b.in', password: ['secret1'] }, 'password', MSG.passwordRequired],
    ])('answers %j with 400 on %s', async (body, field, message) => {
      const res = await post('/api/auth/login', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        message: 'Validation failed',
        error: message,
        data: { [field]: message },
        code: 'VALIDATION_FAILED',
      });
    });

    it('replaces a scrypt hash of an earlier release with argon2id on a successful sign-in', async () => {
      const salt = randomBytes(16);
      const key = scryptSync('legacy-pass', salt, 32, { N: 2 ** 14, r: 8, p: 1 });
      const old = `scrypt$14$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
      const user = await createUser(ctx, { password_hash: old });
      const res = await post('/api/auth/login', { email: user.email, password: 'legacy-pass' });
      expect(res.statusCode).toBe(200);
      const row = await ctx.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
      expect((await post('/api/auth/login', { email: user.email, password: 'legacy-pass' })).statusCode).toBe(
        200,
      );
    });

    it('answers 401, not 500, for an account whose stored hash cannot be decoded', async () => {
      const corrupt =
        '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzY$QTsM5AfSaX3APc4rXJTsgRpYVDSmtRA3zYOBXcwU1FU';
      const user = await createUser(ctx, { password_hash: corrupt });
      const res = await post('/api/auth/login', { email: user.email, password: 'anything' });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe(ERR.invalidCredentials);
    });

    it('refuses a deleted account', async () => {
      const acc = await register(ctx);
      const del = await ctx.app.inject({ method: 'DELETE', url: '/api/users/profile', headers: acc.auth });
      expect(del.statusCode).toBe(200);
      const res = await post('/api/auth/login', { email: acc.email, password: acc.password });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe(ERR.invalidCredentials);
    });
  });

  describe('access tokens', () => {
    it('is 401 "Authentication required" without a token and refuses a forged or expired one', async () => {
      const acc = await register(ctx);
      const none = await ctx.app.inject({ method: 'GET', url: '/api/users/profile' });
      expect(none.statusCode).toBe(401);
      expect(none.json()).toMatchObject({ success: false, error: 'Authentication required' });
      const forged = await ctx.app.inject({
        method: 'GET',
        url: '/api/users/profile',
        headers: { authorization: `Bearer ${acc.token}x` },
      });
      expect(forged.statusCode).toBe(401);
      ctx.clock.advance(15 * 60_000 + 1000);
      try {
        const expired = await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: acc.auth });
        expect(expired.statusCode).toBe(401);
        expect(expired.json().error).toBe('Invalid or expired token');
      } finally {
        ctx.clock.advance(-(15 * 60_000 + 1000));
      }
    });
  });

  describe('POST /api/auth/refresh-token', () => {
    const refresh = (token: string) =>
      post('/api/auth/refresh-token', undefined, { authorization: `Bearer ${token}` });

    it('returns a new pair for the refresh token as bearer and retires the old one', async () => {
      const acc = await register(ctx);
      ctx.clock.advance(20 * 60_000); // the access token has expired meanwhile
      try {
        const res = await refresh(acc.refreshToken);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ success: true, message: 'Token refreshed', error: null });
        const { token, refreshToken } = res.json().data;
        expect(refreshToken).not.toBe(acc.refreshToken);
        const me = await ctx.app.inject({
          method: 'GET',
          url: '/api/users/profile',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(me.statusCode).toBe(200);
        const next = await refresh(refreshToken);
        expect(next.statusCode).toBe(200);
      } finally {
        ctx.clock.advance(-20 * 60_000);
      }
    });

    it('ends the whole session when a retired refresh token is presented again after the grace window', async () => {
      const acc = await register(ctx);
      const first = await refresh(acc.refreshToken);
      const { token, refreshToken } = first.json().data;
      // Within REFRESH_GRACE_MS a replay is taken for a second tab (refresh-grace.test.ts).
      ctx.clock.advance(REFRESH_GRACE_MS + 1);
      try {
        const replay = await refresh(acc.refreshToken);
        expect(replay.statusCode).toBe(401);
        expect(replay.json()).toMatchObject({ success: false, error: ACCOUNT_ERR.refreshTokenReused });
        // Both the thief's and the owner's copies are dead now.
        expect((await refresh(refreshToken)).statusCode).toBe(401);
        const me = await ctx.app.inject({
          method: 'GET',
          url: '/api/users/profile',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(me.statusCode).toBe(401);
        // Another session of the same user is untouched.
        const other = await post('/api/auth/login', { email: acc.email, password: acc.password });
        expect((await refresh(other.json().data.refreshToken)).statusCode).toBe(200);
      } finally {
        ctx.clock.advance(-(REFRESH_GRACE_MS + 1));
      }
    });

    it('refuses a missing, unknown or expired refresh token with 401', async () => {
      const none = await post('/api/auth/refresh-token');
      expect(none.statusCode).toBe(401);
      expect(none.json().error).toBe(ACCOUNT_ERR.refreshTokenRequired);
      const unknown = await refresh('made-up-token');
      expect(unknown.json()).toMatchObject({ success: false, error: ACCOUNT_ERR.refreshTokenInvalid });
      const acc = await register(ctx);
      ctx.clock.advance(31 * 86_400_000);
      try {
        const expired = await refresh(acc.refreshToken);
        expect(expired.statusCode).toBe(401);
        expect(expired.json().error).toBe(ACCOUNT_ERR.refreshTokenInvalid);
      } finally {
        ctx.clock.advance(-31 * 86_400_000);
      }
    });

    it('also takes the refresh token in a JSON body', async () => {
      const acc = await register(ctx);
      const res = await post('/api/auth/refresh-token', { refreshToken: acc.refreshToken });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('POST /api/auth/logout', () => {
    it('revokes the session: its access and refresh tokens stop working', async () => {
      const acc = await register(ctx);
      const res = await post('/api/auth/logout', undefined, {
        ...acc.auth,
        'content-type': 'application/json',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: null,
        message: 'Logged out successfully',
        error: null,
      });
      const me = await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: acc.auth });
      expect(me.statusCode).toBe(401);
      expect(me.json().error).toBe('Session has ended. Please sign in again.');
      const again = await post('/api/auth/refresh-token', undefined, {
        authorization: `Bearer ${acc.refreshToken}`,
      });
      expect(again.statusCode).toBe(401);
    });

    it('works with the refresh token once the access token has expired', async () => {
      const acc = await register(ctx);
      const res = await post('/api/auth/logout', undefined, { authorization: `Bearer ${acc.refreshToken}` });
      expect(res.statusCode).toBe(200);
      expect(
        (await post('/api/auth/refresh-token', undefined, { authorization: `Bearer ${acc.refreshToken}` }))
          .statusCode,
      ).toBe(401);
    });

    it('ends the session with an expired access token as bearer and the refresh token in the body', async () => {
      const acc = await register(ctx);
      ctx.clock.advance(20 * 60_000);
      try {
        const res = await post('/api/auth/logout', { refreshToken: acc.refreshToken }, acc.auth);
        expect(res.statusCode).toBe(200);
        expect(
          (await post('/api/auth/refresh-token', undefined, { authorization: `Bearer ${acc.refreshToken}` }))
            .statusCode,
        ).toBe(401);
      } finally {
        ctx.clock.advance(-20 * 60_000);
      }
    });

    it('ends the session with only an expired access token as bearer, as the specification client signs out after a quiet quarter hour', async () => {
      const acc = await register(ctx);
      ctx.clock.advance(20 * 60_000);
      try {
        const res = await post('/api/auth/logout', undefined, {
          ...acc.auth,
          'content-type': 'application/json',
        });
        expect(res.json()).toEqual({
          success: true,
          data: null,
          message: 'Logged out successfully',
          error: null,
        });
        const after = await post('/api/auth/refresh-token', undefined, {
          authorization: `Bearer ${acc.refreshToken}`,
        });
        expect(after.statusCode).toBe(401);
        expect(after.json().error).toBe(ACCOUNT_ERR.refreshTokenInvalid);
      } finally {
        ctx.clock.advance(-20 * 60_000);
      }
    });

    it('still refuses an access token it did not sign', async () => {
      const acc = await register(ctx);
      const [header, payload] = acc.token.split('.');
      const forged = `${header}.${payload}.${'A'.repeat(43)}`;
      const res = await post('/api/auth/logout', undefined, { authorization: `Bearer ${forged}` });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe(ACCOUNT_ERR.refreshTokenInvalid);
      const me = await ctx.app.inject({ method: 'GET', url: '/api/users/profile', headers: acc.auth });
      expect(me.statusCode).toBe(200);
    });

    it('removes sessions that ended more than a day ago when the user signs in again', async () => {
      const acc = await register(ctx);
      await post('/api/auth/logout', undefined, acc.auth);
      const sessions = () =>
        ctx.db.selectFrom('sessions').select(['id', 'revoked_at']).where('user_id', '=', acc.id).execute();
      expect(await sessions()).toHaveLength(1);
      const DAY = 86_400_000;
      ctx.clock.advance(DAY + 1000);
      try {
        expect((await post('/api/auth/login', { email: acc.email, password: acc.password })).statusCode).toBe(
          200,
        );
        const left = await sessions();
        expect(left).toHaveLength(1);
        expect(left[0]!.revoked_at).toBeNull();
        const tokens = await ctx.db
          .selectFrom('refresh_tokens')
          .select('session_id')
          .where('session_id', '=', left[0]!.id)
          .execute();
        expect(tokens).toHaveLength(1);
      } finally {
        ctx.clock.advance(-(DAY + 1000));
      }
    });

    it('is 401 without any token', async () => {
      const res = await post('/api/auth/logout');
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('Authentication required');
    });
  });
});
