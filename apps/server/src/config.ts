import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .default('sqlite:./data/saathchalo.db')
    .refine((v) => /^(sqlite:|postgres:\/\/|postgresql:\/\/)/.test(v), {
      message: 'must start with sqlite:, postgres:// or postgresql://',
    }),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must look like smtp://[user:pass@]host:port')
    .optional(),
  MAIL_FROM: z.string().default('SaathChalo <no-reply@saathchalo.in>'),
  // Section 9: an HTTP SMS gateway for phone codes (decision 022); unset, codes go to the server log.
  SMS_URL: z
    .url()
    .regex(/^https?:\/\//, 'must look like http(s)://[user:pass@]host[:port]/path')
    .optional(),
  SUPPORT_EMAIL: z.email().default('support@saathchalo.in'),
  APP_URL: z.url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  CORS_ORIGINS: z.string().default(''),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must look like redis://host:port')
    .optional(),
  DATA_DIR: z.string().optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  // A 5 MB profile picture over a 400 kbit/s phone uplink takes about 100 s; stalled clients are bounded
  // by the headers timeout and the per-address connection cap, not by cutting slow honest uploads.
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1).default(150_000),
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1).default(72_000),
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).default(256),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  // A tile server's address with {z}/{x}/{y} (and optionally {s}), e.g. https://tile.example.in/{z}/{x}/{y}.png.
  MAP_TILES_URL: z
    .string()
    .regex(/^https?:\/\/[^/\s]+\/\S*\{z\}\S*\{x\}\S*\{y\}/, 'must be an http(s) URL with {z}, {x} and {y}')
    .optional(),
  MAP_TILES_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d+)$/, 'must be true, false or the number of proxies in front of the server')
    .default('false'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** POST JSON { to, text } here for each phone code; undefined: the code is written to the server log. */
  smsUrl: string | undefined;
  /** Where reports of users are mailed for moderation. */
  supportEmail: string;
  appUrl: string;
  jwtSecret: string;
  corsOrigins: string[];
  redisUrl: string | undefined;
  dataDir: string;
  webDist: string | undefined;
  logLevel: string;
  seedDemo: boolean;
  /** Behind a reverse proxy, client addresses (and so per-IP rate limits) come from X-Forwarded-For. */
  trustProxy: boolean | number;
  http: HttpLimits;
  /** Map tiles under the route picture; none: the picture alone (CONTRACT section 10). */
  mapTiles: { url: string; attribution: string } | null;
}

/** What a slow, stalled or greedy client may hold of the server, and how long shutdown waits for them. */
export interface HttpLimits {
  /** The whole request, headers and body, must have arrived within this; else 408. */
  requestTimeoutMs: number;
  /** The headers must have arrived within this (at most requestTimeoutMs); else 408. */
  headersTimeoutMs: number;
  /** How long an idle keep-alive connection stays open. */
  keepAliveTimeoutMs: number;
  /** Open connections per client address; 0 for no cap. */
  maxConnectionsPerIp: number;
  /** After SIGTERM, requests still open after this are cut off so the process can exit. */
  shutdownTimeoutMs: number;
}

export class ConfigError extends Error {}

/** Reads and validates the environment once; everything else receives a Config. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR ?? dataDirOf(e.DATABASE_URL));
  if (e.NODE_ENV === 'production' && !e.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsUrl: e.SMS_URL,
    supportEmail: e.SUPPORT_EMAIL,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    jwtSecret: e.JWT_SECRET ?? persistentSecret(dataDir),
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    redisUrl: e.REDIS_URL,
    dataDir,
    webDist: e.WEB_DIST,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO === 'auto' && e.NODE_ENV !== 'production',
    trustProxy: e.TRUST_PROXY === 'true' ? true : e.TRUST_PROXY === 'false' ? false : Number(e.TRUST_PROXY),
    http: {
      requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: Math.min(e.HEADERS_TIMEOUT_MS, e.REQUEST_TIMEOUT_MS),
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      maxConnectionsPerIp: e.MAX_CONNECTIONS_PER_IP,
      shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    },
    mapTiles: e.MAP_TILES_URL ? { url: e.MAP_TILES_URL, attribution: e.MAP_TILES_ATTRIBUTION } : null,
  };
}

function dataDirOf(databaseUrl: string): string {
  if (databaseUrl.startsWith('sqlite:')) {
    const path = databaseUrl.slice('sqlite:'.length);
    if (path && path !== ':memory:') return dirname(path);
  }
  return './data';
}

/** Outside production a secret is made once and kept, so sessions survive restarts. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
