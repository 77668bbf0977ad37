import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from './app-deps.js';
import type { Config, HttpLimits } from './config.js';
import type { ChangeFeed, ChangeSink } from './db/change-feed.js';
import type { Db, DatabaseKind } from './db/database.js';
import { groupCommit, transactionPerUnit } from './db/group-commit.js';
import { createUnitOfWork } from './db/unit-of-work.js';
import type { Clock } from './lib/clock.js';
import { createGate } from './lib/gate.js';
import { createJwt } from './lib/jwt.js';
import { SessionLiveness } from './features/auth/session-liveness.js';
import { MailTransports } from './features/mail/mail-transports.js';
import { PlaceMatchCache } from './features/places/place-match-cache.js';
import { SearchCache } from './features/rides/search-cache.js';
import { smsSenderFor } from './features/safety/sms.js';
import { BlockCache } from './features/marketplace/blocks.js';
import { frameworkErrorHandler, registerErrorHandling } from './plugins/error-handler.js';
import { clientErrorHandler } from './plugins/client-errors.js';
import { connectionLimitPlugin } from './plugins/connection-limit.js';
import { shutdownPlugin } from './plugins/shutdown.js';
import { authPlugin } from './plugins/auth.js';
import { jsonBodyPlugin } from './plugins/json-body.js';
import { securityPlugin } from './plugins/security.js';
import { webPlugin } from './plugins/web.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { uploadsPlugin } from './plugins/uploads.js';
import { docsPlugin } from './plugins/docs.js';
import { healthRoutes } from './features/health/health.routes.js';
import { clientConfigRoutes } from './features/client-config/client-config.routes.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { usersRoutes } from './features/users/users.routes.js';
import { ridesRoutes } from './features/rides/rides.routes.js';
import { bookingsRoutes, bookRideRoutes } from './features/bookings/bookings.routes.js';
import { ratingsRoutes } from './features/ratings/ratings.routes.js';
import { safetyRoutes, tripRoutes, tripShareRoutes } from './features/safety/safety.routes.js';
import { placesRoutes } from './features/places/places.routes.js';
import { bookingCalendarRoutes, commutesRoutes } from './features/commutes/index.js';

export interface BuildOptions {
  config: Config;
  db: Db;
  dbKind: DatabaseKind;
  clock: Clock;
  /** The database handle's `dataVersion` (SQLite), so cached search pages notice other connections' writes. */
  dataVersion?: () => number;
  /** The database handle's `changeFeed` (PostgreSQL): search-page change notices between processes. */
  changeFeed?: (sink: ChangeSink) => ChangeFeed;
  logger?: boolean;
}

/**
 * How long a search page may be served without a change notice (decision 008). Every change is seen (this
 * process's use cases; on SQLite other connections through data_version, on PostgreSQL other processes'
 * notices, decision 020), so the bound is only memory and age. On PostgreSQL without notices (no feed, or
 * its connection down) other processes write unseen, so their changes show within 2 s. What no change
 * notice covers is a driver's reliability figures sliding out of their window with time: five minutes.
 * Every page is made again once per bound at least, one search each (decision 029): at 60 s that alone
 * was more than one core at 1,000,000 rides.
 */
const SEARCH_PAGE_TTL_MS = 300_000;
const SEARCH_PAGE_UNSEEN_TTL_MS = 2_000;
/** How long a searcher's blocks are remembered when no notice can reach this process (safety's BlockCache). */
const BLOCKS_TTL_MS = 60_000;
/** The bytes kept search pages may take; how many pages that holds is in decision 018. */
const SEARCH_CACHE_BYTES = 24_000_000;
/**
 * Searches along the way computing their rides at once (lib/gate.ts). On SQLite one, of every kind: its
 * statements hold the only thread (decision 028). On PostgreSQL searches by departure stop early and
 * interleave on their round trips; a filter sorted by price or rating reads every candidate of its
 * window: four at once keep the backends busy, and all 32 of a burst held more memory (decision 030).
 */
function searchGates(dbKind: DatabaseKind): AppDeps['searchGates'] {
  if (dbKind === 'sqlite') {
    const one = createGate(1);
    return { byDeparture: one, sorted: one };
  }
  return { byDeparture: createGate(Number.POSITIVE_INFINITY), sorted: createGate(4) };
}

const AUTH_PATH = /^\/api\/auth\//;

/**
 * Without a request timeout (Fastify's default) a client that announces more body than it sends holds its
 * request open for ever. Node checks the timeouts every `connectionsCheckingInterval` (30 s by default),
 * which would let a stalled request live up to twice its limit; a quarter of the headers timeout keeps
 * the overshoot small at the cost of a walk over the open connections.
 */
function httpTimeouts(limits: HttpLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(25, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
    },
  };
}

/** The app's state, made here and nowhere else, so two apps in one process share none of it. */
function makeDeps(options: BuildOptions): { deps: AppDeps; feed?: ChangeFeed } {
  const { config, db, dbKind } = options;
  const unseen = dbKind === 'postgres' && !options.changeFeed;
  const searchCache = new SearchCache({
    ttlMs: unseen ? SEARCH_PAGE_UNSEEN_TTL_MS : SEARCH_PAGE_TTL_MS,
    offlineTtlMs: options.changeFeed ? SEARCH_PAGE_UNSEEN_TTL_MS : undefined,
    maxBytes: SEARCH_CACHE_BYTES,
    externalVersion: options.dataVersion,
  });
  const feed = options.changeFeed?.(searchCache);
  // SQLite's one connection commits units that arrive together at once (db/group-commit.ts).
  const transaction = dbKind === 'sqlite' ? groupCommit(db) : transactionPerUnit(db);
  const deps: AppDeps = {
    config,
    db,
    dbKind,
    clock: options.clock,
    jwt: createJwt(config.jwtSecret),
    searchCache,
    searchGates: searchGates(dbKind),
    unitOfWork: createUnitOfWork(transaction, feed?.publish ?? searchCache),
    sessionLiveness: new SessionLiveness(),
    placeMatches: new PlaceMatchCache(),
    mailTransports: new MailTransports(config.smtpUrl),
    sms: smsSenderFor(config.smsUrl),
    // Blocks made on another PostgreSQL process send no notice: they show within the unseen bound.
    blocks: new BlockCache(
      dbKind === 'sqlite' ? BLOCKS_TTL_MS : SEARCH_PAGE_UNSEEN_TTL_MS,
      options.dataVersion,
    ),
  };
  return { deps, feed };
}

/** Builds the whole application without listening, so tests drive it through app.inject. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // Tokens and passwords may travel in auth query strings (the specification's client does it).
            serializers: {
              req: (req) => ({
                method: req.method,
                url: AUTH_PATH.test(req.url) ? req.url.split('?')[0] : req.url,
                remoteAddress: req.ip,
              }),
            },
          },
    bodyLimit: 64 * 1024,
    // Off by default: a server facing the internet must not let clients choose their own IP.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    ...httpTimeouts(config.http),
    // Our own 503 during shutdown is the envelope, with Retry-After (plugins/shutdown.ts).
    return503OnClosing: false,
    clientErrorHandler,
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Presenters already whitelist every outgoing field; response schemas document the API only.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const { deps, feed } = makeDeps(options);
  app.decorate('deps', deps);
  if (feed) app.addHook('onClose', () => feed.stop());

  registerErrorHandling(app);
  await app.register(securityPlugin);
  await app.register(shutdownPlugin);
  await app.register(connectionLimitPlugin);
  await app.register(docsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(authPlugin);
  await app.register(rateLimitPlugin);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(clientConfigRoutes);
      await api.register(authRoutes, { prefix: '/auth' });
      await api.register(usersRoutes, { prefix: '/users' });
      await api.register(ridesRoutes, { prefix: '/rides' });
      await api.register(bookRideRoutes, { prefix: '/rides' });
      await api.register(bookingsRoutes, { prefix: '/bookings' });
      await api.register(ratingsRoutes, { prefix: '/ratings' });
      await api.register(safetyRoutes, { prefix: '/users' });
      await api.register(tripShareRoutes, { prefix: '/bookings' });
      await api.register(tripRoutes, { prefix: '/trips' });
      await api.register(placesRoutes, { prefix: '/places' });
      await api.register(commutesRoutes, { prefix: '/commutes' });
      await api.register(bookingCalendarRoutes, { prefix: '/bookings' });
    },
    { prefix: '/api' },
  );

  await app.register(uploadsPlugin);
  await app.register(webPlugin);
  return app;
}
