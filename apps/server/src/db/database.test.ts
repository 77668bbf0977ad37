import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from './database.js';

describe('a SQLite database the server opens', () => {
  const dir = mkdtempSync(join(tmpdir(), 'saathchalo-db-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps SQLite's own 2 MB page cache rather than better-sqlite3's 16 MB", async () => {
    const handle = createDatabase(`sqlite:${join(dir, 'cache.db')}`);
    try {
      const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(handle.db);
      expect(rows[0]!.cache_size).toBe(-2000);
    } finally {
      await handle.destroy();
    }
  });
});
