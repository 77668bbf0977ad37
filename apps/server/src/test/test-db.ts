import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

/** Set TEST_DATABASE=postgres to run the database tests against the real PostgreSQL server. */
export const testDatabaseKind = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase extends DatabaseHandle {
  url: string;
}

/** A fresh, migrated database of its own for each test app; dropped again by destroy(). */
export async function createTestDatabase(
  options: { file?: boolean; migrate?: boolean; url?: string } = {},
): Promise<TestDatabase> {
  // Another handle on an existing test database (a second server, or the same one after a restart):
  // the database belongs to whoever created it, so this handle never drops it.
  if (options.url) {
    const handle = createDatabase(options.url);
    return { ...handle, url: options.url };
  }
  const name = `saathchalo_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  let url: string;
  let drop = async () => {};
  if (testDatabaseKind === 'postgres') {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const base = new URL(adminUrl);
    base.pathname = `/${name}`;
    url = base.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else if (options.file) {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'saathchalo-'));
    url = `sqlite:${join(dir, 'test.db')}`;
    drop = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    url = 'sqlite::memory:';
  }
  const handle = createDatabase(url);
  if (options.migrate !== false) await migrateToLatest(handle.db);
  return {
    ...handle,
    url,
    async destroy() {
      await handle.destroy();
      await drop();
    },
  };
}
