import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated database the test databases of this run start from (test-db.ts); see setup below. */
    testDatabaseTemplate?: string;
  }
}

/** Set TEST_DATABASE=postgres to run the database tests against the real PostgreSQL server. */
export const testDatabaseKind = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
const adminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A name no other run (another checkout's tests, a crashed run) has used. */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

export function postgresUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Statements one after another on one connection to the server's maintenance database. */
export async function adminQuery(...statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Vitest globalSetup of the server project. Nearly every test app wants a database with every migration
 * applied, and migrating (loading the gazetteer, building the search tables) is most of what a test app
 * costs to start: on PostgreSQL about 2 s each. So the run migrates one database first and every test
 * database is a copy of it: on PostgreSQL `CREATE DATABASE ... TEMPLATE`, on SQLite a copy of the file
 * (SQLite test databases in memory are migrated each, test-db.ts says why).
 * The template has a name of its own per run and is dropped when the run ends, so concurrent runs never
 * share one and PostgreSQL is left as it was found.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (testDatabaseKind === 'postgres') {
    const name = uniqueDatabaseName('saathchalo_template');
    await adminQuery(`create database ${name}`);
    try {
      await migrateInto(postgresUrl(name));
    } catch (err) {
      await adminQuery(`drop database if exists ${name} with (force)`);
      throw err;
    }
    project.provide('testDatabaseTemplate', name);
    return () => adminQuery(`drop database if exists ${name} with (force)`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'saathchalo-template-'));
  const file = join(dir, 'template.db');
  await migrateInto(`sqlite:${file}`);
  // Without a WAL the file is whole on its own: a copy of it is the database.
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = delete');
  sqlite.close();
  project.provide('testDatabaseTemplate', file);
  return async () => rmSync(dir, { recursive: true, force: true });
}

async function migrateInto(url: string): Promise<void> {
  const handle = createDatabase(url);
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.destroy();
  }
}
