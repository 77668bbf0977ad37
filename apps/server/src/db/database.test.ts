import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
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

  // better-sqlite3 builds a statement's row factory with `Function` each time SQLite compiles the
  // statement again, which is what the spy counts.
  it('plans a statement once even after ANALYZE: it keeps the statistics but not their value samples', async () => {
    const url = `sqlite:${join(dir, 'analyzed.db')}`;
    const first = createDatabase(url);
    try {
      await sql`create table trips (id integer primary key, city text not null, seats integer not null)`.execute(
        first.db,
      );
      await sql`create index trips_city on trips (city)`.execute(first.db);
      for (let i = 0; i < 50; i += 1) {
        const rows = Array.from({ length: 40 }, (_, j) => sql`(${`city-${(i * 40 + j) % 97}`}, ${j % 4})`);
        await sql`insert into trips (city, seats) values ${sql.join(rows)}`.execute(first.db);
      }
      await sql`analyze`.execute(first.db);
      const samples = await sql<{ n: number }>`select count(*) as n from sqlite_stat4`.execute(first.db);
      expect(samples.rows[0]!.n).toBeGreaterThan(0);
    } finally {
      await first.destroy();
    }

    const handle = createDatabase(url);
    try {
      const count = async (table: string) =>
        (await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(handle.db)).rows[0]!
          .n;
      expect(await count('sqlite_stat4')).toBe(0);
      expect(await count('sqlite_stat1')).toBeGreaterThan(0);
      const seatsIn = (city: string) =>
        sql`select sum(seats) as s from trips where city = ${city}`.execute(handle.db);
      await seatsIn('city-0');
      const compiles = vi.spyOn(globalThis, 'Function');
      try {
        for (let i = 1; i <= 20; i += 1) expect((await seatsIn(`city-${i}`)).rows).toHaveLength(1);
        expect(compiles).not.toHaveBeenCalled();
      } finally {
        compiles.mockRestore();
      }
    } finally {
      await handle.destroy();
    }
  });
});
