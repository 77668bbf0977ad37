import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { adminQuery, postgresUrl, testDatabaseKind, uniqueDatabaseName } from './database-template.js';

export { testDatabaseKind };

export interface TestDatabase extends DatabaseHandle {
  url: string;
}

/**
 * The run's migrated database (database-template.ts), when the run has one: a PostgreSQL database name
 * or a SQLite file. Without it (a config with no globalSetup) every test database is migrated itself.
 */
const template = inject('testDatabaseTemplate');

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
  // migrate: false is for tests of the migrations themselves, which must start from an empty database.
  // SQLite in memory is migrated in place: opened from a copy's bytes it would be SQLite's memdb, whose
  // pages go through the 2 MB page cache where a real in-memory database keeps them all: inserting
  // 100,000 indexed rows took twice as long, and the query-plan tests insert as many.
  const copy =
    options.migrate !== false && (testDatabaseKind === 'postgres' || options.file) ? template : undefined;
  let url: string;
  let drop = async () => {};
  if (testDatabaseKind === 'postgres') {
    const name = uniqueDatabaseName('saathchalo_test');
    await adminQuery(
      copy ? `create database ${name} template ${copy}` : `create database ${name}`,
      // A commit does not wait for its WAL to reach the disk. What every session sees is the same; only
      // a crash of PostgreSQL itself could lose the last commits, of a database a test throws away anyway.
      `alter database ${name} set synchronous_commit = off`,
    );
    url = postgresUrl(name);
    drop = () => adminQuery(`drop database if exists ${name} with (force)`);
  } else if (options.file) {
    const dir = mkdtempSync(join(tmpdir(), 'saathchalo-'));
    url = `sqlite:${join(dir, 'test.db')}`;
    if (copy) copyFileSync(copy, join(dir, 'test.db'));
    drop = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    url = 'sqlite::memory:';
  }
  const handle = createDatabase(url);
  if (options.migrate !== false && !copy) await migrateToLatest(handle.db);
  return {
    ...handle,
    url,
    async destroy() {
      await handle.destroy();
      await drop();
    },
  };
}
