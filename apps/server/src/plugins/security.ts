import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { BOOT_SCRIPT } from '@saathchalo/shared';

/** The web app's one inline script, allowed by its hash and nothing else inline. */
const BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

export const HELMET_OPTIONS: Readonly<HelmetOptions> = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", BOOT_SCRIPT_HASH],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * The policy with the map tile server allowed for images, when MAP_TILES_URL names one: its origin, with
 * a `{s}` subdomain as a wildcard (https://{s}.tile.example.in allows https://*.tile.example.in).
 */
export function helmetOptions(tilesUrl: string | null): Readonly<HelmetOptions> {
  const origin = tilesUrl?.match(/^https?:\/\/[^/]+/)?.[0].replace('{s}', '*');
  if (!origin) return HELMET_OPTIONS;
  const csp = HELMET_OPTIONS.contentSecurityPolicy as { directives: Record<string, unknown> };
  return {
    ...HELMET_OPTIONS,
    contentSecurityPolicy: {
      directives: { ...csp.directives, imgSrc: ["'self'", 'data:', 'blob:', origin] },
    },
  };
}

/**
 * The headers helmet sets with these options, worked out once. Our policy is the same for every
 * response (no nonces, no per-route options), while @fastify/helmet built helmet's middleware and
 * parsed the CSP directives again on every request (about 4% of the server's CPU on /api/health).
 */
function securityHeaders(options: Readonly<HelmetOptions> = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return headers;
}

/** Every method the API answers, and the request headers the specification's client sends. */
const CORS_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'];
const CORS_HEADERS = ['Content-Type', 'Authorization'];
/**
 * Response headers a page on another origin may read beyond the CORS-safelisted ones: a 429's Retry-After
 * (CONTRACT section 2), and the file name of a calendar download.
 */
const CORS_EXPOSED = ['Retry-After', 'Content-Disposition'];

/** Security headers with a CSP the web app works under, and CORS only for configured origins. */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const headers = securityHeaders(helmetOptions(app.deps.config.mapTiles?.url ?? null));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  const origins = app.deps.config.corsOrigins;
  if (origins.length > 0) {
    await app.register(cors, {
      origin: origins,
      // @fastify/cors allows only GET, HEAD and POST by default: a browser then refuses every PUT and DELETE.
      methods: CORS_METHODS,
      allowedHeaders: CORS_HEADERS,
      exposedHeaders: CORS_EXPOSED,
      credentials: false,
      maxAge: 600,
    });
  }
});
