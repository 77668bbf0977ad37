import type { Config } from './config.js';
import type { Db, DatabaseKind } from './db/database.js';
import type { UnitOfWork } from './db/unit-of-work.js';
import type { Clock } from './lib/clock.js';
import type { Gate } from './lib/gate.js';
import type { Jwt } from './lib/jwt.js';
import type { SessionLiveness } from './features/auth/session-liveness.js';
import type { MailTransports } from './features/mail/mail-transports.js';
import type { PlaceMatchCache } from './features/places/place-match-cache.js';
import type { SearchCache } from './features/rides/search-cache.js';
import type { SmsSender } from './features/safety/sms.js';
import type { BlockCache } from './features/marketplace/blocks.js';

/**
 * What buildApp makes once per app and hands to routes and services. Apart from app.ts, which imports
 * every feature's routes, so that features can name it without importing app.ts back. Every piece of
 * state lives here, per app: two apps in one process share none of it.
 */
export interface AppDeps {
  config: Config;
  /** Read-only queries; writes go through `unitOfWork`. */
  db: Db;
  dbKind: DatabaseKind;
  clock: Clock;
  jwt: Jwt;
  searchCache: SearchCache;
  /**
   * Searches along the way computed at once (lib/gate.ts): by departure, and sorted by price or rating
   * (which read every candidate of their window). On SQLite both are one gate of one.
   */
  searchGates: { byDeparture: Gate; sorted: Gate };
  /** The one way a use case writes: one transaction, then what it declared for after the commit. */
  unitOfWork: UnitOfWork;
  sessionLiveness: SessionLiveness;
  placeMatches: PlaceMatchCache;
  mailTransports: MailTransports;
  /** Phone codes: an HTTP gateway (SMS_URL) or the server log. */
  sms: SmsSender;
  /** Whom each searcher blocked or was blocked by, remembered for search (decision 022). */
  blocks: BlockCache;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
