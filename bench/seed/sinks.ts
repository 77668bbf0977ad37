import SQLite from 'better-sqlite3';
import pg from 'pg';

/** A column and its PostgreSQL type (for the unnest casts; SQLite needs no types). */
export type Column = readonly [name: string, pgType: 'text' | 'int' | 'bigint' | 'float8'];

/**
 * Where generated rows go. Rows arrive in batches of value arrays in column order; the sink
 * writes each batch as fast as its database allows and keeps the order of batches, so a row's
 * foreign keys always exist before it.
 */
export interface Sink {
  kind: 'sqlite' | 'postgres';
  insert(table: string, columns: readonly Column[], rows: unknown[][]): Promise<void>;
  /** Runs statements that need no parameters (after every pending insert). */
  exec(sql: string): Promise<void>;
  /** Runs one parameterised statement for every row of params. */
  updateMany(
    sql: { sqlite: string; postgres: string },
    columns: readonly Column[],
    rows: unknown[][],
  ): Promise<void>;
  count(table: string): Promise<number>;
  /** Rows of a query without parameters. */
  all<T>(sql: string): Promise<T[]>;
  /**
   * Drops the secondary indexes of the tables (not primary keys or unique constraints) and returns
   * their exact definitions, read from the database itself, to be recreated once the rows are in:
   * building an index once from sorted data is much faster than updating it a million times.
   */
  dropIndexes(tables: string[]): Promise<string[]>;
  /** Waits for everything written so far. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * SQLite through better-sqlite3 on its own connection: prepared statements run inside one
 * transaction per batch. The journal is off and syncs are skipped while loading (a crash mid-seed
 * means seeding again, never a corrupt production database: this is a generator), and the file is
 * put back in WAL mode, as the server expects, when the load is done.
 */
export function sqliteSink(path: string): Sink {
  const db = new SQLite(path);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -1048576'); // 1 GiB of page cache: the indexes of a million rides stay in memory
  db.pragma('temp_store = MEMORY');
  db.pragma('locking_mode = EXCLUSIVE');
  db.pragma('foreign_keys = OFF'); // every reference is generated from rows inserted before it
  const statements = new Map<string, SQLite.Statement>();
  const statement = (sql: string) => {
    let s = statements.get(sql);
    if (!s) {
      s = db.prepare(sql);
      statements.set(sql, s);
    }
    return s;
  };
  return {
    kind: 'sqlite',
    async insert(table, columns, rows) {
      const names = columns.map((c) => c[0]);
      const s = statement(
        `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
      );
      db.transaction(() => {
        for (const row of rows) s.run(row);
      })();
    },
    async exec(sql) {
      db.exec(sql);
    },
    async updateMany(sql, _columns, rows) {
      const s = statement(sql.sqlite);
      db.transaction(() => {
        for (const row of rows) s.run(row);
      })();
    },
    async count(table) {
      return (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    },
    async all<T>(sql: string) {
      return db.prepare(sql).all() as T[];
    },
    async dropIndexes(tables) {
      const rows = db
        .prepare(
          `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (${tables.map(() => '?').join(', ')})`,
        )
        .all(...tables) as { name: string; sql: string }[];
      for (const r of rows) db.exec(`DROP INDEX "${r.name}"`);
      return rows.map((r) => r.sql);
    },
    async flush() {},
    async close() {
      db.pragma('locking_mode = NORMAL');
      db.pragma('journal_mode = WAL');
      db.exec('ANALYZE');
      db.close();
    },
  };
}

/**
 * PostgreSQL on one connection: each batch is a single INSERT ... SELECT FROM unnest($1::text[], ...),
 * one array parameter per column, so ten thousand rows cost one round trip and one parse. Batches are
 * sent without waiting (the connection runs them in order) while the next one is generated; at most
 * a few are in flight so memory stays flat.
 */
export async function postgresSink(url: string): Promise<Sink> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('SET synchronous_commit = off');
  // Statements are chained (never two on the connection at once) but not awaited by the generator,
  // so PostgreSQL writes one batch while the next is generated; at most a few wait, so memory stays flat.
  let chain: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  let failure: unknown;
  const send = async (text: string, values: unknown[]) => {
    if (failure) throw failure;
    waiting += 1;
    chain = chain
      .then(() => client.query(text, values))
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => {
        waiting -= 1;
      });
    while (waiting > 2) await Promise.race([chain, new Promise((r) => setTimeout(r, 5))]);
  };
  const flush = async () => {
    await chain;
    if (failure) throw failure;
  };
  const columnArrays = (columns: readonly Column[], rows: unknown[][]) =>
    columns.map((_, i) => rows.map((r) => r[i] ?? null));
  return {
    kind: 'postgres',
    async insert(table, columns, rows) {
      const names = columns.map((c) => c[0]).join(', ');
      const params = columns.map((c, i) => `$${i + 1}::${c[1]}[]`).join(', ');
      await send(
        `INSERT INTO ${table} (${names}) SELECT * FROM unnest(${params})`,
        columnArrays(columns, rows),
      );
    },
    async exec(sql) {
      await flush();
      await client.query(sql);
    },
    async updateMany(sql, columns, rows) {
      await send(sql.postgres, columnArrays(columns, rows));
    },
    async count(table) {
      await flush();
      const r = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
      return Number(r.rows[0]!.n);
    },
    async all<T>(sql: string) {
      await flush();
      return (await client.query(sql)).rows as T[];
    },
    async dropIndexes(tables) {
      await flush();
      const { rows } = await client.query<{ name: string; def: string }>(
        `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
         FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
         WHERE t.relname = ANY($1) AND t.relnamespace = 'public'::regnamespace
           AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
        [tables],
      );
      for (const r of rows) await client.query(`DROP INDEX ${r.name}`);
      return rows.map((r) => r.def);
    },
    flush,
    async close() {
      await flush();
      await client.query('ANALYZE');
      await client.end();
    },
  };
}
