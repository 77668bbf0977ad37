import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_ERR,
  ACCOUNT_MSG,
  authResultSchema,
  envelope,
  forgotPasswordBody,
  loginBody,
  registerBody,
  resetPasswordBody,
  tokenPairSchema,
  userSchema,
  verifyEmailQuery,
} from '@saathchalo/shared';
import { ok } from '../../lib/envelope.js';
import { unauthorized } from '../../lib/errors.js';
import { bearerToken } from '../../plugins/auth.js';
import { LIMITS, perIp, tooManyRequests } from '../../plugins/rate-limit.js';
import * as auth from './auth.service.js';
import { createSignInGuard } from './sign-in-guard.js';

const tags = ['auth'];
const empty = envelope(z.null());
const optionalToken = z.object({ refreshToken: z.string().max(256).optional() }).nullish();

/**
 * The specification's client sends the reset token, new password and e-mail as query parameters;
 * ours sends JSON. Both are merged into the body before validation so one schema checks either.
 */
async function queryIntoBody(request: FastifyRequest): Promise<void> {
  const body = request.body ?? {};
  if (typeof body !== 'object' || Array.isArray(body)) return;
  request.body = { ...(request.query as Record<string, unknown>), ...body };
}

type Guarded = FastifyPluginAsyncZod<{ signInGuard: ReturnType<typeof createSignInGuard> }>;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { failedLoginsPerAddressAndIp, failedLoginsPerAddress } = app.limiters;
  const signInGuard = createSignInGuard(app.deps, {
    perAddressAndIp: failedLoginsPerAddressAndIp,
    perAddress: failedLoginsPerAddress,
  });
  await app.register(signInRoutes, { signInGuard });
  await app.register(sessionRoutes);
  await app.register(emailLinkRoutes, { signInGuard });
};

/** Signing up and signing in, each answered with a new session. */
const signInRoutes: Guarded = async (app, { signInGuard }) => {
  const deps = app.deps;
  app.post(
    '/register',
    {
      config: perIp(LIMITS.registerPerIp),
      schema: {
        tags,
        summary: 'Create an account and sign in',
        body: registerBody,
        response: { 201: envelope(authResultSchema) },
      },
    },
    async (request, reply) => {
      const result = await auth.register(deps, request.body);
      return reply.status(201).send(ok(result, ACCOUNT_MSG.registered));
    },
  );

  app.post(
    '/login',
    {
      config: perIp(LIMITS.loginPerIp),
      schema: {
        tags,
        summary: 'Sign in with e-mail and password',
        body: loginBody,
        response: { 200: envelope(authResultSchema) },
      },
      // Checked after validation, so the key is the normalised address.
      preHandler: async (
        request: FastifyRequest<{ Body: z.output<typeof loginBody> }>,
        reply: FastifyReply,
      ) => {
        const wait = await signInGuard.heldFor(request.body.email, request.ip);
        if (wait !== null) throw tooManyRequests(reply, wait, ACCOUNT_ERR.tooManyFailedLogins);
      },
    },
    async (request) =>
      ok(await auth.login(deps, signInGuard, request.body, request.ip), ACCOUNT_MSG.loggedIn),
  );
};

/** Ending a session and refreshing its tokens. */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.post(
    '/logout',
    {
      schema: {
        tags,
        summary: 'End this session (access token or refresh token as bearer)',
        body: optionalToken,
        response: { 200: empty },
      },
    },
    async (request) => {
      // A live access token names the session; once it has expired, the refresh token (in the body
      // or as bearer) still does, so signing out always ends the session on the server too.
      const bearer = bearerToken(request);
      const bodyToken = request.body?.refreshToken;
      if (!bearer && !bodyToken) throw unauthorized();
      const claims = bearer ? await deps.jwt.verify(bearer, deps.clock.now()) : null;
      let sessionId = claims?.sessionId;
      for (const candidate of [bodyToken, bearer]) {
        if (!sessionId && candidate) sessionId = await auth.sessionOfRefreshToken(deps, candidate);
      }
      if (!sessionId) throw unauthorized(ACCOUNT_ERR.refreshTokenInvalid);
      await auth.logout(deps, sessionId);
      return ok(null, ACCOUNT_MSG.loggedOut);
    },
  );

  app.post(
    '/refresh-token',
    {
      config: perIp(LIMITS.loginPerIp),
      schema: {
        tags,
        summary: 'Exchange the refresh token (as bearer) for a new pair; the old one is retired',
        body: optionalToken,
        response: { 200: envelope(tokenPairSchema) },
      },
    },
    async (request) => {
      const presented = bearerToken(request) ?? request.body?.refreshToken;
      if (!presented) throw unauthorized(ACCOUNT_ERR.refreshTokenRequired);
      return ok(await auth.refresh(deps, presented), ACCOUNT_MSG.refreshed);
    },
  );
};

/** What the links in the verification and reset mails lead to, and asking for a reset link. */
const emailLinkRoutes: Guarded = async (app, { signInGuard }) => {
  const deps = app.deps;
  const { forgotPerAddress } = app.limiters;
  const verifySchema = {
    tags,
    summary: 'Confirm an e-mail address with the token from the mail',
    response: { 200: envelope(userSchema) },
  };
  app.get(
    '/verify-email',
    { config: perIp(LIMITS.verifyPerIp), schema: { ...verifySchema, querystring: verifyEmailQuery } },
    async (request) => ok(await auth.verifyEmail(deps, request.query.token), ACCOUNT_MSG.emailVerified),
  );
  app.post(
    '/verify-email',
    {
      config: perIp(LIMITS.verifyPerIp),
      preValidation: queryIntoBody,
      schema: { ...verifySchema, body: verifyEmailQuery },
    },
    async (request) => ok(await auth.verifyEmail(deps, request.body.token), ACCOUNT_MSG.emailVerified),
  );

  app.post(
    '/forgot-password',
    {
      config: perIp(LIMITS.forgotPerIp),
      preValidation: queryIntoBody,
      schema: {
        tags,
        summary: 'Send a reset link (e-mail in the JSON body or the query); the same answer for any address',
        querystring: z.object({ email: z.string().optional() }),
        body: forgotPasswordBody,
        response: { 200: empty },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const wait = await forgotPerAddress.blockedFor(email);
      if (wait !== null) throw tooManyRequests(reply, wait);
      await forgotPerAddress.hit(email);
      await auth.forgotPassword(deps, email);
      return ok(null, ACCOUNT_MSG.resetMailSent);
    },
  );

  app.post(
    '/reset-password',
    {
      config: perIp(LIMITS.resetPerIp),
      preValidation: queryIntoBody,
      schema: {
        tags,
        summary: 'Set a new password with the token from the mail; ends every session of the account',
        querystring: z.object({ token: z.string().optional(), newPassword: z.string().optional() }),
        body: resetPasswordBody,
        response: { 200: empty },
      },
    },
    async (request) => {
      await auth.resetPassword(deps, signInGuard, request.body, request.ip);
      return ok(null, ACCOUNT_MSG.passwordReset);
    },
  );
};
