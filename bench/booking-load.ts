/**
 * node bench/booking-load.ts --kind sqlite|postgres --scenario bookings|book-segments|<any scenario> [--seconds 5]
 *   [--rides 10000] [--script apps/server/dist/server.js] [--postgres postgres://postgres@127.0.0.1:5432]
 *
 * One booking scenario against the built server over HTTP (32 connections, as `npm run bench`), on a
 * fresh copy of a database seeded once (kept in bench/data as booking-base-*), with what each committed
 * booking cost: the server's CPU (all its threads) and, on PostgreSQL, the CPU of the backends serving
 * this database and its transactions and row counts (pg_stat_database). Then the seats check.
 * `--script` runs another build of the server for an A/B comparison on the same data.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDatabase } from '../apps/server/dist/db/database.js';
import { load } from './lib/load.ts';
import { pgCpu } from './lib/pg-cpu.ts';
import { dropPostgres, removeSqlite } from './lib/database-url.ts';
import { startServer, waitIdle } from './lib/server.ts';
import { BENCH_JWT_SECRET, createSessions, tokensFor } from './lib/tokens.ts';
import { oversellCheck, sample, scenarios, sessionUsers } from './scenarios.ts';
import { seedLarge } from './seed-large.ts';

const { values: args } = parseArgs({
  options: {
    kind: { type: 'string', default: 'sqlite' },
    scenario: { type: 'string', default: 'bookings' },
    seconds: { type: 'string', default: '5' },
    rides: { type: 'string', default: '10000' },
    connections: { type: 'string', default: '32' },
    script: { type: 'string', default: 'apps/server/dist/server.js' },
    postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
    // e.g. --node-args="--cpu-prof --cpu-prof-dir=bench/data/prof" for a profile of the server under the scenario
    'node-args': { type: 'string', default: '' },
    // e.g. --env=DATABASE_POOL_SIZE=20: more of the server's environment
    env: { type: 'string', default: '' },
  },
});
const DATA = 'bench/data';
const rides = Number(args.rides);
const seconds = Number(args.seconds);
const pgDb = (name: string) => `${args.postgres}/${name}`;

/** Seeds the base database once; each run books on a copy of it. */
async function freshCopy(): Promise<string> {
  mkdirSync(DATA, { recursive: true });
  if (args.kind === 'sqlite') {
    const base = `${DATA}/booking-base-${rides}.db`;
    if (!existsSync(base))
      await seedLarge({ databaseUrl: `sqlite:${base}`, users: rides / 10, rides, reset: true, quiet: true });
    const copy = `${DATA}/booking-run-${process.pid}.db`;
    copyFileSync(base, copy);
    return `sqlite:${copy}`;
  }
  const base = `saathchalo_booking_base_${rides}`;
  const admin = new pg.Client({ connectionString: pgDb('postgres') });
  await admin.connect();
  try {
    const has = await admin.query('select 1 from pg_database where datname = $1', [base]);
    if (has.rowCount === 0)
      await seedLarge({ databaseUrl: pgDb(base), users: rides / 10, rides, reset: true, quiet: true });
    const copy = `saathchalo_booking_run_${process.pid}`;
    await admin.query(`CREATE DATABASE ${copy} TEMPLATE ${base}`);
    return pgDb(copy);
  } finally {
    await admin.end();
  }
}

/** The database's transactions and rows, and its tables' counters. */
async function pgState(client: pg.Client, db: string) {
  const s = await client.query(
    `select xact_commit, xact_rollback, tup_returned, tup_fetched, tup_inserted, tup_updated
       from pg_stat_database where datname = $1`,
    [db],
  );
  const t = await client.query(
    `select relname, seq_scan, seq_tup_read, idx_scan, idx_tup_fetch, n_tup_ins, n_tup_upd, n_tup_del
       from pg_stat_user_tables`,
  );
  const tables = new Map(t.rows.map((r) => [r.relname as string, r as Record<string, string>]));
  return { tables, ...(s.rows[0] as Record<string, string>) };
}

const url = await freshCopy();
const dbName = url.startsWith('postgres') ? new URL(url).pathname.slice(1) : '';
const handle = createDatabase(url);
const samples = await sample(handle.db, Date.now(), { targets: Math.ceil((seconds * 4000) / 2) });
const sessions = await createSessions(handle.db, sessionUsers(samples), Date.now());
await handle.destroy();
const server = await startServer({
  databaseUrl: url,
  jwtSecret: BENCH_JWT_SECRET,
  dataDir: `${DATA}/server-booking-${process.pid}`,
  logFile: `${DATA}/server-booking-${process.pid}.log`,
  nodeArgs: [
    '--max-semi-space-size=8',
    '--max-old-space-size=192',
    ...args['node-args'].split(' ').filter(Boolean),
  ],
  env: {
    MALLOC_ARENA_MAX: '2',
    ...Object.fromEntries(
      args.env
        .split(' ')
        .filter(Boolean)
        .map((kv) => kv.split('=') as [string, string]),
    ),
  },
  script: args.script,
});
// Connected to the run's database for its tables' counters; its own backend is left out of the CPU.
const monitor = dbName ? new pg.Client({ connectionString: url }) : null;
await monitor?.connect();
try {
  const list = scenarios(samples, tokensFor(BENCH_JWT_SECRET, sessions));
  const sc = list.find((s) => s.name === args.scenario)!;
  // Warm-up (the JIT, the pool's connections) on the scenario itself: a search warm-up's table counters
  // would land in the measured window.
  await load({ name: 'warm', url: server.url, connections: 32, seconds: 2, next: sc.next });
  await waitIdle([server]);
  // PostgreSQL backends report their counters at most once a second, idle ones after 10 s.
  if (monitor) await sleep(11_000);
  const load0 = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const cpu0 = server.cpuSeconds();
  // The pool closes connections idle for 10 s: a backend's CPU is read before it goes, its counters after.
  const db0 = monitor ? await pgState(monitor, dbName) : null;
  const backendCpu0 = monitor ? await pgCpu(monitor, dbName) : 0;
  const r = await load({
    name: sc.name,
    url: server.url,
    connections: Number(args.connections),
    seconds,
    next: sc.next,
  });
  const cpu = server.cpuSeconds() - cpu0;
  const backendCpu = monitor ? (await pgCpu(monitor, dbName)) - backendCpu0 : 0;
  if (monitor) await sleep(11_000);
  const db1 = monitor ? await pgState(monitor, dbName) : null;
  const load1 = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const committed = r.status['201'] ?? 0;
  const fivexx = Object.entries(r.status)
    .filter(([c]) => c.startsWith('5'))
    .reduce((n, [, v]) => n + v, 0);
  console.log(
    `${args.kind} ${sc.name} ${args.script}: ${r.rps.toFixed(0)} req/s, ${(committed / seconds).toFixed(0)} committed/s, p50 ${r.p50} p99 ${r.p99} ms, status ${JSON.stringify(r.status)}, 5xx ${fivexx}, errors ${r.errors}`,
  );
  console.log(
    `  server CPU ${((cpu * 1000) / r.requests).toFixed(3)} ms/request, ${((cpu * 1000) / Math.max(1, committed)).toFixed(3)} ms/committed`,
  );
  if (db0 && db1) {
    const d = (k: string) => Number(db1[k as keyof typeof db1]) - Number(db0[k as keyof typeof db0]);
    const per = (k: string) => (d(k) / Math.max(1, committed)).toFixed(2);
    console.log(
      `  postgres backends CPU ${((backendCpu * 1000) / Math.max(1, committed)).toFixed(3)} ms/committed; per committed: xact_commit ${per('xact_commit')}, rollback ${per('xact_rollback')}, tup_returned ${per('tup_returned')}, fetched ${per('tup_fetched')}, inserted ${per('tup_inserted')}, updated ${per('tup_updated')}`,
    );
  }
  if (db0 && db1 && process.env.TABLES) {
    for (const [name, after] of db1.tables) {
      const before = db0.tables.get(name) ?? {};
      const d = Object.fromEntries(
        Object.keys(after)
          .filter((k) => k !== 'relname')
          .map((k) => [k, (Number(after[k]) - Number(before[k] ?? 0)) / Math.max(1, committed)])
          .filter(([, v]) => Number(v) > 0.01)
          .map(([k, v]) => [k, Number(Number(v).toFixed(2))]),
      );
      if (Object.keys(d).length) console.log(`  ${name} ${JSON.stringify(d)}`);
    }
  }
  console.log(`  load average ${load0} -> ${load1}; server peak RSS ${server.peakRssMb().toFixed(0)} MB`);
} finally {
  await server.stop();
}
const check = createDatabase(url);
const o = await oversellCheck(check.db);
await check.destroy();
console.log(`  seats check: ${o.rides} rides, ${o.oversold} oversold, ${o.mismatched} not matching bookings`);
await monitor?.end();
if (dbName) await dropPostgres(url);
else removeSqlite(url);
