import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
  type Transaction,
} from 'kysely';
import type pg from 'pg';
import { startChangeFeed, type ChangeFeed, type ChangeSink } from './change-feed.js';
import { PipelinedPostgresDialect } from './pipelined-begin.js';
import type { Database } from './schema.js';
import { statementName } from './statement-names.js';
import { startWalCheckpointer } from './wal-checkpointer.js';

export type DatabaseKind = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
/** Repositories take either the database or an open transaction as their first argument. */
export type Executor = Db | Trx;

/** Where a statement's text or its round trips differ between the two databases. */
export const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
  /**
   * SQLite only: a number that changes whenever another connection (another process, a script) commits
   * to the file; this connection's own commits leave it as it is. Caches use it to notice outside writes.
   */
  dataVersion?: () => number;
  /**
   * PostgreSQL only: starts this app's share of the search-page change notices between processes
   * (db/change-feed.ts). One per app; stop it before destroying the handle.
   */
  changeFeed?: (sink: ChangeSink) => ChangeFeed;
  destroy(): Promise<void>;
}

/** pg is loaded only for a PostgreSQL database: on SQLite its heap is carried for nothing (decision 017). */
const loadPg = () => createRequire(import.meta.url)('pg') as typeof pg;

// int8 (COUNT, SUM, bigint columns) arrives as a string by default; our values fit in a double.
const pgTypesOf = (types: typeof pg.types) => ({
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === 20 || oid === 1700
      ? (v: string) => Number(v)
      : (types.getTypeParser as (o: number, f?: string) => unknown)(oid, format),
});

export function createDatabase(
  url: string,
  options: { poolSize?: number; onIdleError?: (err: Error) => void } = {},
): DatabaseHandle {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length) || ':memory:';
    if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
    const sqlite = new SQLite(path);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    // better-sqlite3 builds SQLite with a 16 MB page cache per connection; SQLite's own default is 2 MB.
    // The reads are mostly first touches of a file the OS caches anyway, so the larger cache only holds
    // memory (decision 017).
    sqlite.pragma('cache_size = -2000');
    dropStat4Samples(sqlite);
    const checkpointer =
      path === ':memory:'
        ? undefined
        : startWalCheckpointer(sqlite, {
            onError: (message) => console.warn(`database: background checkpoint failed (${message})`),
          });
    const db = new Kysely<Database>({
      dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }, () =>
        checkpointer?.writable(),
      ),
    });
    const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
    return {
      db,
      kind: 'sqlite',
      dataVersion: () => dataVersion.get() as number,
      async destroy() {
        await checkpointer?.stop();
        await db.destroy();
      },
    };
  }
  const { Pool, types } = loadPg();
  const pool = new Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    types: pgTypesOf(types) as pg.CustomTypesConfig,
    // A transaction's BEGIN goes out with its first statement (db/pipelined-begin.ts).
    pipeline: true,
  });
  // An idle connection the server closes (restart, failover, a dropped test database) must not crash the
  // process: the pool discards it and the next query opens a new one.
  pool.on('error', (err) => options.onIdleError?.(err));
  pool.on('connect', nameKnownStatements);
  const db = new Kysely<Database>({ dialect: new PipelinedPostgresDialect({ pool }) });
  const changeFeed = (sink: ChangeSink) =>
    startChangeFeed(sink, {
      Client: loadPg().Client,
      url,
      notify: async (channel, payload) => {
        await pool.query('select pg_notify($1, $2)', [channel, payload]);
      },
      onError: options.onIdleError,
    });
  return { db, kind: 'postgres', changeFeed, destroy: () => db.destroy() };
}

/**
 * Kysely sends every statement as text and values; the ones db/prepared.ts compiled go as named
 * statements instead, so this connection parses and plans each of them once (db/statement-names.ts).
 */
function nameKnownStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    const name = typeof text === 'string' && Array.isArray(values) ? statementName(text) : undefined;
    if (name === undefined)
      return callback === undefined ? query(text, values) : query(text, values, callback);
    return query({ name, text, values }, callback);
  }) as typeof client.query;
}

/**
 * `ANALYZE` (run by an operator, `PRAGMA optimize` or the large seed) keeps, with better-sqlite3's SQLite,
 * sample rows of every index in sqlite_stat4. With samples the planner estimates a lookup from the value
 * bound to it, which ties the plan to that value: better-sqlite3 clears the bindings after every run, so
 * each such statement would be compiled again on every run (decision 017). Our lookups are all by index,
 * and the per-index averages in sqlite_stat1, which are kept, are all the planner needs for them.
 */
function dropStat4Samples(sqlite: SQLite.Database) {
  const stat4 = sqlite.prepare("select 1 from sqlite_schema where type = 'table' and name = 'sqlite_stat4'");
  if (!stat4.get() || !sqlite.prepare('select 1 from sqlite_stat4 limit 1').get()) return;
  // `ANALYZE sqlite_schema` makes SQLite load the statistics again, now without the samples.
  sqlite.exec('delete from sqlite_stat4; analyze sqlite_schema');
}

/**
 * Transactions begin IMMEDIATE: they take the write lock first, waiting for it through the busy timeout
 * when another connection holds it. A deferred transaction that has read and then finds the lock taken
 * when it writes fails at once with SQLITE_BUSY, as SQLite cannot wait there without risking a deadlock.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  constructor(
    private readonly settings: SqliteDialectConfig,
    private readonly writable: () => Promise<void> | undefined,
  ) {
    super(settings);
  }

  override createDriver(): Driver {
    const writable = this.writable;
    return new (class extends SqliteDriver {
      override async beginTransaction(connection: DatabaseConnection): Promise<void> {
        // While the checkpoint thread drains the log so it can start over (db/wal-checkpointer.ts).
        await writable();
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      }
    })(this.settings);
  }
}

/**
 * Kysely prepares every query afresh and better-sqlite3 compiles the SQL each time: in the bench profile
 * that was 12% of the server's CPU on bookings. The compiled statements are kept by SQL text (a bounded
 * LRU, since IN lists of different lengths make different texts). A statement still iterating (a
 * streamed query) is never handed out twice: a fresh one is compiled instead.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SQLite.Statement {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > max) cache.delete(cache.keys().next().value!);
      return statement;
    },
  };
}
