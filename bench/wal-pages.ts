/**
 * Pages written to SQLite's log per booking request, a measure that does not depend on the machine.
 *
 *   node --experimental-strip-types bench/wal-pages.ts --database bench/data/bench-kept-1000000.db \
 *     [--server apps/server/dist] [--bookings 20000]
 *
 * Copies the database, migrates the copy with the given build's migrations, and books through that build's
 * own app (`app.inject`, `POST /api/rides/:id/book`, distinct passenger and ride pairs), with automatic
 * checkpoints off and no other writer, so the log only grows: each commit appends one frame per page it
 * changed. Frames = (log size - header) / (page size + frame header); divided by the committed bookings.
 * The mail worker does not run (its writes are its own transactions, not the booking's).
 */
import { copyFileSync, readFileSync, rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { createSessions, tokensFor } from './lib/tokens.ts';

const { values: args } = parseArgs({
  options: {
    database: { type: 'string' },
    server: { type: 'string', default: 'apps/server/dist' },
    bookings: { type: 'string', default: '20000' },
    // Also run the build's mail worker (drainOutbox, mails to nowhere) after every N bookings, as the
    // server's does every 2 s: its transactions are counted too.
    'drain-every': { type: 'string', default: '0' },
  },
});
if (!args.database) throw new Error('--database <file> is required');
const BOOKINGS = Number(args.bookings);
const server = resolve(args.server);
const copy = resolve(`bench/data/wal-pages-${process.pid}.db`);
const JWT_SECRET = 'wal-pages-secret-0123456789abcdefghijklmnopqrstuvwxyz';

copyFileSync(args.database, copy);
try {
  const sqlite = new SQLite(copy);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('cache_size = -2000');
  sqlite.pragma('wal_autocheckpoint = 0');
  const pageSize = Number(sqlite.pragma('page_size', { simple: true }));
  const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
  const { migrateToLatest } = await import(`${server}/db/migrate.js`);
  const { buildApp } = await import(`${server}/app.js`);
  const { loadConfig } = await import(`${server}/config.js`);
  const { systemClock } = await import(`${server}/lib/clock.js`);
  const { drainOutbox } = await import(`${server}/features/mail/mail-worker.js`);
  const drainEvery = Number(args['drain-every']);
  await migrateToLatest(db);

  const now = Date.now();
  const passengers = (await db.selectFrom('users').select('id').orderBy('id').limit(2000).execute()).map(
    (u) => u.id as string,
  );
  const rides = await db
    .selectFrom('rides')
    .select(['id', 'driver_id'])
    .where('status', '=', 'ACTIVE')
    .where('deleted_at', 'is', null)
    .where('departure_at', '>', now + 2 * 3_600_000)
    .where('available_seats', '>', 0)
    // Scattered over the table as the benchmark's random rides are, and the same rides on every run:
    // the tail of a version-7 UUID is random.
    .orderBy(sql`substr(id, 25)`)
    .limit(BOOKINGS)
    .execute();
  const sessions = await createSessions(db, passengers, now);
  const tokens = tokensFor(JWT_SECRET, sessions);
  const app = await buildApp({
    config: loadConfig({
      JWT_SECRET,
      DATABASE_URL: `sqlite:${copy}`,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
    }),
    db,
    dbKind: 'sqlite',
    clock: systemClock,
    logger: false,
  });
  await app.ready();

  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  const walFile = `${copy}-wal`;
  const started = performance.now();
  let committed = 0;
  const statuses = new Map<number, number>();
  for (let i = 0; i < rides.length; i++) {
    const ride = rides[i]!;
    let passenger = passengers[i % passengers.length]!;
    if (passenger === ride.driver_id) passenger = passengers[(i + 1) % passengers.length]!;
    const res = await app.inject({
      method: 'POST',
      url: `/api/rides/${ride.id}/book`,
      headers: { authorization: tokens.get(passenger)! },
      payload: { seats: 1 },
    });
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    if (res.statusCode === 201) committed += 1;
    if (drainEvery > 0 && (i + 1) % drainEvery === 0) await drainOutbox(app.deps);
  }
  const seconds = (performance.now() - started) / 1000;
  const frames = Math.max(0, statSync(walFile).size - 32) / (pageSize + 24);
  // A checkpoint copies each distinct page once, whatever the number of its frames.
  const log = readFileSync(walFile);
  const distinct = new Set<number>();
  for (let at = 32; at + 24 <= log.length; at += pageSize + 24) distinct.add(log.readUInt32BE(at));
  console.log(`distinct pages ${distinct.size}: ${(distinct.size / committed).toFixed(2)} per booking`);
  const outbox = sqlite
    .prepare("select name from sqlite_schema where type = 'index' and tbl_name like 'outbox%'")
    .all();
  console.log(`build ${server}${drainEvery > 0 ? `, mail worker after every ${drainEvery} bookings` : ''}`);
  console.log(`requests ${rides.length}, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  console.log(
    `log frames ${frames}, committed bookings ${committed}: ${(frames / committed).toFixed(2)} pages per booking`,
  );
  console.log(
    `outbox indexes ${JSON.stringify(outbox)}; ${((seconds * 1e6) / rides.length).toFixed(0)} us per request (in-process, not a throughput figure)`,
  );
  await app.close();
  await db.destroy();
} finally {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${copy}${suffix}`, { force: true });
}
