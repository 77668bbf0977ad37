import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase } from './database.js';
import { startWalCheckpointer } from './wal-checkpointer.js';

let dir: string;
let path: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'saathchalo-wal-'));
  path = join(dir, 'test.db');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const walBytes = () => statSync(`${path}-wal`).size;

/** Commits of a page each, with pauses in which another thread may run. */
async function commit(connection: SQLite.Database, times: number) {
  const insert = connection.prepare('insert into t (body) values (?)');
  for (let i = 0; i < times; i += 1) {
    insert.run('x'.repeat(4000));
    if (i % 50 === 0) await sleep(2);
  }
}

describe('SQLite WAL checkpoints', () => {
  it('are made by a thread beside the server, so its own commits only append to the log', async () => {
    const connection = new SQLite(path);
    connection.pragma('journal_mode = WAL');
    connection.exec('create table t (id integer primary key, body text)');
    // No backstop: only the checkpointer thread copies the log back into the database.
    const checkpointer = startWalCheckpointer(connection, { backstopPages: 1_000_000, everyMs: 20 });
    try {
      await commit(connection, 2_000);
      await sleep(300);
      const before = walBytes();
      // Every frame was copied back, so the next commits start the log over instead of growing it.
      await commit(connection, 300);
      expect(walBytes()).toBe(before);
    } finally {
      await checkpointer.stop();
      connection.close();
    }
  });

  it('are set up for every SQLite file the server opens, and stop with it leaving no log behind', async () => {
    const handle = createDatabase(`sqlite:${path}`);
    const backstop = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(handle.db);
    expect(backstop.rows[0]!.wal_autocheckpoint).toBe(2_000);
    await sql`create table t (id integer primary key, body text)`.execute(handle.db);
    await sql`insert into t (body) values ('x')`.execute(handle.db);
    await handle.destroy();
    expect(() => walBytes()).toThrow();
  });
});
