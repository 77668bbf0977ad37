import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ACCOUNT_ERR, contract } from '@saathchalo/shared';
import { AppError, unauthorized } from '../../lib/errors.js';
import { route } from '../../lib/route.js';
import { bearerToken } from '../../plugins/auth.js';
import { LIMITS, perIp, tooManyRequests } from '../../plugins/rate-limit.js';
import * as auth from './auth.service.js';
import { clientNetwork } from './client-network.js';
import { createSignInGuard } from './sign-in-guard.js';

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
  route(app, contract.register, { config: perIp(LIMITS.registerPerIp) }, async (request) =>
    auth.register(deps, request.body),
  );

  route(
    app,
    contract.login,
    {
      config: perIp(LIMITS.loginPerIp),
      // Checked after validation, so the key is the normalised address.
      preHandler: async (request, reply) => {
        const { email } = request.body as z.output<typeof contract.login.body>;
        const wait = await signInGuard.heldFor(email, request.ip);
        if (wait !== null) throw tooManyRequests(reply, wait, ACCOUNT_ERR.tooManyFailedLogins);
      },
    },
    async (request) => auth.login(deps, signInGuard, request.body, request.ip),
  );
};

/** Ending a session and refreshing its tokens. */
const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  route(app, contract.logout, async (request) => {
    // An access token we signed names the session, also once it has expired (the specification's
    // client sends only that); so does the refresh token (in the body or as bearer). Signing out
    // always ends the session on the server too.
    const bearer = bearerToken(request);
    const bodyToken = request.body?.refreshToken;
    if (!bearer && !bodyToken) throw unauthorized();
    const claims = bearer ? deps.jwt.signedClaims(bearer) : null;
    let sessionId = claims?.sessionId;
    for (const candidate of [bodyToken, bearer]) {
      if (!sessionId && candidate) sessionId = await auth.sessionOfRefreshToken(deps, candidate);
    }
    if (!sessionId) throw unauthorized(ACCOUNT_ERR.refreshTokenInvalid);
    await auth.logout(deps, sessionId);
    return null;
  });

  // Only refused refreshes are counted, per network: a carrier NAT puts thousands of phones behind one
  // address, each refreshing every 15 minutes, and a live refresh token is answered even from a network
  // that is held (its holder is not the one guessing).
  const { failedRefreshesPerIp } = app.limiters;
  route(app, contract.refreshToken, async (request, reply) => {
    const network = clientNetwork(request.ip);
    try {
      const presented = bearerToken(request) ?? request.body?.refreshToken;
      if (!presented) throw unauthorized(ACCOUNT_ERR.refreshTokenRequired);
      return await auth.refresh(deps, presented);
    } catch (err) {
      if (!(err instanceof AppError) || err.statusCode !== 401) throw err;
      const wait = await failedRefreshesPerIp.blockedFor(network);
      if (wait !== null) throw tooManyRequests(reply, wait);
      await failedRefreshesPerIp.hit(network);
      throw err;
    }
  });
};

/** What the links in the verification and reset mails lead to, and asking for a reset link. */
const emailLinkRoutes: Guarded = async (app, { signInGuard }) => {
  const deps = app.deps;
  const { forgotPerAddress } = app.limiters;
  const verifyLimit = perIp(LIMITS.verifyPerIp);
  route(app, contract.verifyEmailLink, { config: verifyLimit }, async (request) =>
    auth.verifyEmail(deps, request.query.token),
  );
  route(app, contract.verifyEmail, { config: verifyLimit, preValidation: queryIntoBody }, async (request) =>
    auth.verifyEmail(deps, request.body.token),
  );

  route(
    app,
    contract.forgotPassword,
    { config: perIp(LIMITS.forgotPerIp), preValidation: queryIntoBody },
    async (request, reply) => {
      const { email } = request.body;
      const wait = await forgotPerAddress.blockedFor(email);
      if (wait !== null) throw tooManyRequests(reply, wait);
      await forgotPerAddress.hit(email);
      await auth.forgotPassword(deps, email);
      return null;
    },
  );

  route(
    app,
    contract.resetPassword,
    { config: perIp(LIMITS.resetPerIp), preValidation: queryIntoBody },
    async (request) => {
      await auth.resetPassword(deps, signInGuard, request.body, request.ip);
      return null;
    },
  );
};
