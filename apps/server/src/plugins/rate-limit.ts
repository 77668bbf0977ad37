import { createRequire } from 'node:module';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis as RedisClient } from 'ioredis';
import { ERR } from '@saathchalo/shared';
import { AppError } from '../lib/errors.js';
import { hashSecret } from '../lib/ids.js';

const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * Limits per IP must tolerate carrier-grade NAT (thousands of phones behind one address), so they are
 * generous; limits per account are tight. CONTRACT.md section 2.
 */
export const LIMITS = {
  loginPerIp: 300,
  registerPerIp: 100,
  /** Failed sign-ins for one address from one network: the tight limit per account (decision 015). */
  failedLoginsPerAddressAndIp: 10,
  /** Failed sign-ins for one address from all networks, after which only known networks may try. */
  failedLoginsPerAddress: 30,
  /** Failed sign-ins for one address from all networks after which its owner is mailed (once a window). */
  hammeredMailAfter: 10,
  /**
   * Failed token refreshes per network. Successful ones are not counted: every phone behind a carrier
   * NAT refreshes every 15 minutes, and a refused refresh signs its commuter out.
   */
  failedRefreshesPerIp: 300,
  forgotPerIp: 100,
  forgotPerAddress: 5,
  resetPerIp: 100,
  verifyPerIp: 300,
  /** Recomputing one's rating is idempotent: a person needs it now and then, a loop only costs us. */
  statsUpdatesPerUser: 10,
  /**
   * Place autocomplete, public: a person sends one request a keystroke or two (some 10 a place, 30 a
   * search), and a carrier NAT puts thousands of them behind one address.
   */
  placesPerIp: 5_000,
  placesWindowMs: 60_000,
} as const;

/** A counter keyed by something in the request body, which the per-IP route limits cannot see. */
export interface KeyedLimiter {
  /** Seconds until the key may try again, or null when it is not blocked. Does not count. */
  blockedFor(key: string): Promise<number | null>;
  /** Counts one attempt; answers the attempts in this window so far (0 when the store is unreachable). */
  hit(key: string): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    limiters: {
      /** Failed sign-ins per e-mail address and client network: only failures are counted. */
      failedLoginsPerAddressAndIp: KeyedLimiter;
      /** Failed sign-ins per e-mail address from any network. */
      failedLoginsPerAddress: KeyedLimiter;
      /** Reset mails per e-mail address, so nobody can flood someone's mailbox. */
      forgotPerAddress: KeyedLimiter;
      /** Refused refresh tokens per client network. */
      failedRefreshesPerIp: KeyedLimiter;
    };
  }
}

/** A 429 in the envelope with Retry-After, for limits the services apply themselves. */
export function tooManyRequests(
  reply: { header(name: string, value: string): unknown },
  retryAfterSeconds: number,
  message: string = ERR.tooManyRequests,
): AppError {
  reply.header('retry-after', String(Math.max(1, retryAfterSeconds)));
  return new AppError(429, message);
}

/** ioredis is loaded only when there is a Redis to use: heap a single server does without (decision 017). */
function connectRedis(url: string): RedisClient {
  const { Redis } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  return new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 1, enableAutoPipelining: true });
}

/** Per-IP rate limit for one route (attach as `config: perIp(n)`). */
export const perIp = (max: number, timeWindow = FIFTEEN_MINUTES) => ({ rateLimit: { max, timeWindow } });

/**
 * Per signed-in user, for routes behind `authenticate`: counted after it (preHandler), so the key is the
 * account and a whole carrier NAT is not held up by one person's loop.
 */
export const perUser = (max: number, timeWindow = FIFTEEN_MINUTES) => ({
  rateLimit: {
    max,
    timeWindow,
    hook: 'preHandler' as const,
    keyGenerator: (req: FastifyRequest) => `user:${req.authUser?.id ?? req.ip}`,
  },
});

/**
 * @fastify/rate-limit in memory, or in Redis when REDIS_URL is set so that several server processes
 * share one count. Nothing is limited globally: each sensitive route opts in.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const { redisUrl } = app.deps.config;
  const redis = redisUrl ? connectRedis(redisUrl) : null;
  if (redis) {
    // A Redis outage must not take sign-in down with it: the limiter fails open and says so in the log.
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'rate-limit redis error'));
    app.addHook('onClose', async () => {
      // quit() waits for the server; when Redis is unreachable there is nothing to wait for.
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    });
  }

  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'saathchalo:rl:' } : {}),
    skipOnError: true,
    errorResponseBuilder: (_req, ctx) => new AppError(ctx.statusCode, ERR.tooManyRequests),
  });

  const keyed = (name: string, max: number, timeWindow: number): KeyedLimiter => {
    // The key is hashed so neither memory nor Redis holds addresses in clear.
    const limiter = app.createRateLimit({
      max,
      timeWindow,
      keyGenerator: (req: FastifyRequest) => (req as FastifyRequest & { limiterKey: string }).limiterKey,
    });
    const asRequest = (key: string) =>
      ({
        limiterKey: `${name}:${hashSecret(key)}`,
        routeOptions: { config: {} },
      }) as unknown as FastifyRequest;
    return {
      async blockedFor(key) {
        const r = await limiter(asRequest(key), { increment: false });
        return !r.isAllowed && r.remaining <= 0 ? Math.max(1, r.ttlInSeconds) : null;
      },
      async hit(key) {
        const r = await limiter(asRequest(key));
        if (r.isAllowed) return 0;
        return r.isExceeded ? r.max + 1 : r.max - r.remaining;
      },
    };
  };

  app.decorate('limiters', {
    failedLoginsPerAddressAndIp: keyed('login-fail-ip', LIMITS.failedLoginsPerAddressAndIp, FIFTEEN_MINUTES),
    failedLoginsPerAddress: keyed('login-fail', LIMITS.failedLoginsPerAddress, FIFTEEN_MINUTES),
    forgotPerAddress: keyed('forgot', LIMITS.forgotPerAddress, 60 * 60_000),
    failedRefreshesPerIp: keyed('refresh-fail', LIMITS.failedRefreshesPerIp, FIFTEEN_MINUTES),
  });
});
