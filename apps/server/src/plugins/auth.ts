import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ERR } from '@saathchalo/shared';
import { unauthorized } from '../lib/errors.js';
import { isSessionActive } from '../features/auth/sessions.repo.js';

interface AuthUser {
  id: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    authUser: AuthUser | null;
  }
  interface FastifyInstance {
    /**
     * onRequest hook of protected routes: 401 unless a valid, live access token is presented, answered
     * before the body is read, so nobody without a token gets a body parsed or learns what it lacks.
     */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, value] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && value ? value.trim() : null;
}

/** The signed-in user of a protected route; its onRequest hook guarantees it is set. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.authUser) throw unauthorized(ERR.authRequired);
  return request.authUser;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  const { jwt, db, clock, sessionLiveness } = app.deps;
  app.decorateRequest('authUser', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized(ERR.authRequired);
    const now = clock.now();
    const claims = await jwt.verify(token, now);
    if (!claims) throw unauthorized(ERR.tokenInvalid);
    // Checking the session makes logout, password reset and account deletion take effect at once.
    if (!(await isSessionActive(db, sessionLiveness, claims.sessionId, claims.userId, now))) {
      throw unauthorized(ERR.sessionEnded);
    }
    request.authUser = { id: claims.userId, sessionId: claims.sessionId };
  });
});
