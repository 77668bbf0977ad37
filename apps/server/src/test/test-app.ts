import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { FixedClock } from '../lib/clock.js';
import { createTestDatabase, type TestDatabase } from './test-db.js';

/** 10:00 in India on 2026-11-22: tests move the clock from here. */
export const TEST_NOW = '2026-11-22T04:30:00.000Z';

export interface TestContext {
  app: FastifyInstance;
  db: TestDatabase['db'];
  database: TestDatabase;
  clock: FixedClock;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(
  options: { env?: Record<string, string>; file?: boolean; databaseUrl?: string; logger?: boolean } = {},
): Promise<TestContext> {
  // databaseUrl: open another app on an existing test database (e.g. `ctx.database.url`), as after a restart.
  const database = await createTestDatabase({ file: options.file, url: options.databaseUrl });
  const dataDir = mkdtempSync(join(tmpdir(), 'saathchalo-data-'));
  try {
    return await startApp(options, database, dataDir);
  } catch (err) {
    // A test of a refused configuration gets no context to close: its database must not outlive it.
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
}

async function startApp(
  options: { env?: Record<string, string>; logger?: boolean },
  database: TestDatabase,
  dataDir: string,
): Promise<TestContext> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    APP_URL: 'http://app.test',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const clock = new FixedClock(Date.parse(TEST_NOW));
  // logger: true logs to stdout at env.LOG_LEVEL, for tests about what the log contains.
  const app = await buildApp({
    config,
    db: database.db,
    dbKind: database.kind,
    dataVersion: database.dataVersion,
    changeFeed: database.changeFeed,
    clock,
    logger: options.logger ?? false,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    clock,
    config,
    async close() {
      await app.close();
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
