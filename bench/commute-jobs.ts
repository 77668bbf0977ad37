/**
 * Commuter mode's budgets (decision 024), on SQLite, in one process with the app's injectable clock:
 *
 *  1. materialise 14 days for N commutes (default 100,000; Mon-Fri, half with a return trip) by the job
 *     mechanism, while a search runs every 20 ms: wall and CPU time, search p50/p99/max, the longest
 *     event-loop turns (lib/turns.ts), and each unit of work's time (work, then commit and notices);
 *  2. expiry of N2 PENDING requests and reminders of N2 confirmed bookings all due the same minute
 *     (default 10,000 each), two workers at once: time, and every mail exactly once.
 *
 *   npx tsc -b packages/shared apps/server
 *   node --experimental-strip-types bench/commute-jobs.ts [--commutes 100000] [--bookings 10000]
 *
 * Prints one JSON line per scenario; bench/run.ts runs it as a child process (commute-budget.ts).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { createDatabase } from '../apps/server/dist/db/database.js';
import { migrateToLatest } from '../apps/server/dist/db/migrate.js';
import { FixedClock } from '../apps/server/dist/lib/clock.js';
import { runDueJobs } from '../apps/server/dist/features/jobs/index.js';
import { jobHandlers } from '../apps/server/dist/job-handlers.js';
import { placeNames, seedCommutes, seedDueBookings, seedPeople } from './lib/commute-seed.ts';
import { BENCH_JWT_SECRET, createSessions, signAccessToken } from './lib/tokens.ts';
import { percentile, threadCpuMs, watchTurns } from './lib/turns.ts';

const { values: args } = parseArgs({
  options: {
    commutes: { type: 'string', default: '100000' },
    bookings: { type: 'string', default: '10000' },
  },
});
const COMMUTES = Number(args.commutes);
const BOOKINGS = Number(args.bookings);
/** Sunday 22 November 2026, 10:00 IST. */
const T0 = Date.parse('2026-11-22T04:30:00.000Z');
const HOUR = 3_600_000;
/** CPU seconds of each thread of this process so far (the WAL checkpointer is a worker thread), busiest first. */
function threadCpu(): { thread: string; cpuS: number }[] {
  const tick = 100; // USER_HZ on Linux
  return readdirSync('/proc/self/task')
    .map((tid) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return { thread: name, cpuS: (Number(fields[11]) + Number(fields[12])) / tick };
    })
    .sort((a, b) => b.cpuS - a.cpuS)
    .slice(0, 4);
}
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

const dir = mkdtempSync(join(tmpdir(), 'saathchalo-commute-bench-'));
const url = `sqlite:${join(dir, 'bench.db')}`;
const handle = createDatabase(url);
await migrateToLatest(handle.db);
const db = handle.db;
const clock = new FixedClock(T0);
const config = loadConfig({
  ...{ NODE_ENV: 'test', DATABASE_URL: url, DATA_DIR: dir, LOG_LEVEL: 'silent' },
  JWT_SECRET: BENCH_JWT_SECRET,
});
const app = await buildApp({
  config,
  db,
  dbKind: handle.kind,
  dataVersion: handle.dataVersion,
  clock,
  logger: false,
});
await app.ready();
const handlers = jobHandlers(app.deps);
const USERS = Math.max(COMMUTES, 2 * BOOKINGS) + 10;
await seedPeople(db, USERS, T0);
await seedCommutes(db, COMMUTES, T0);

/** CPU seconds of this process: on a shared machine the wall time also counts other people's work. */
const cpuSeconds = (since: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(since);
  return Number(((u.user + u.system) / 1e6).toFixed(1));
};
const count = async (table: 'rides' | 'mails' | 'ride_cells') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

// 1. Materialisation, a search every 20 ms meanwhile (after a first one: a server that is up has
// compiled its search path already).
/** A search between two localities of one city (the seed's commutes stay in theirs), on a weekday. */
const searchUrl = (n: number) => {
  const from = placeNames[n % placeNames.length]!;
  const to = placeNames[(n - (n % 50) + ((n * 7 + 1) % 50)) % placeNames.length]!;
  return `/api/rides/search?${new URLSearchParams({ from, to, date: '2026-11-24' })}`;
};
// Search is for signed-in users: one searches throughout (the clock stands still, so the token lasts).
const searcher = `u${USERS - 1}`;
const sessions = await createSessions(db, [searcher], T0);
const headers = {
  authorization: `Bearer ${signAccessToken(BENCH_JWT_SECRET, searcher, sessions.get(searcher)!, T0)}`,
};
const first = await app.inject({ url: searchUrl(0), headers });
if (first.statusCode !== 200) throw new Error(`search answered ${first.statusCode}: ${first.body}`);
let searchFailures = 0;
let searching = true;
/** Searches one after another, 20 ms apart, until `until` says stop: each one's time. */
async function searchLoop(until: (n: number) => boolean): Promise<number[]> {
  const times: number[] = [];
  for (let n = 1; until(n); n += 1) {
    const t = performance.now();
    const res = await app.inject({ url: searchUrl(n), headers });
    if (res.statusCode !== 200) searchFailures += 1;
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 20));
  }
  return times;
}
const searches = searchLoop(() => searching);
/** Each unit of work the jobs ran: its work, and its commit with the after-commit notices. */
const units: { workMs: number; commitMs: number; cpuMs: number }[] = [];
const timedDeps = {
  ...app.deps,
  unitOfWork: (async (work) => {
    let began = 0;
    let worked = 0;
    let cpuBegan = 0;
    const value = await app.deps.unitOfWork(async (tx, after) => {
      began = performance.now();
      cpuBegan = threadCpuMs();
      const v = await work(tx, after);
      worked = performance.now();
      return v;
    });
    units.push({
      workMs: worked - began,
      commitMs: performance.now() - worked,
      cpuMs: threadCpuMs() - cpuBegan,
    });
    return value;
  }) as typeof app.deps.unitOfWork,
};
let walMaxBytes = 0;
const walSampler = setInterval(() => {
  try {
    walMaxBytes = Math.max(walMaxBytes, statSync(`${join(dir, 'bench.db')}-wal`).size);
  } catch {
    // no log yet
  }
}, 100);
const turns = watchTurns();
let started = performance.now();
let cpu = process.cpuUsage();
const materialised = await runDueJobs(timedDeps, handlers);
const materialiseS = (performance.now() - started) / 1000;
const materialiseCpu = cpuSeconds(cpu);
const turnStats = turns.stop();
clearInterval(walSampler);
searching = false;
const searchMs = await searches;
// The same searches with nothing else running, on every ride now written: what a search costs by itself,
// so that what materialising adds to it shows. As many as ran meanwhile, at most 500 (a CI run has few).
const aloneMs = await searchLoop((n) => n <= Math.min(500, searchMs.length));
const total = units.map((u) => u.workMs + u.commitMs);
const r1 = (v: number) => Number(v.toFixed(1));
console.log(
  JSON.stringify({
    scenario: 'materialise',
    commutes: COMMUTES,
    jobs: materialised,
    rides: await count('rides'),
    /** The grid's rows the rides wrote, and points without coordinates (none: the places are the gazetteer's). */
    cells: await count('ride_cells'),
    unplacedPoints: Number(
      (
        await db
          .selectFrom('ride_points')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('lat', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    ),
    seconds: r1(materialiseS),
    cpuSeconds: materialiseCpu,
    searches: searchMs.length,
    searchFailures,
    searchP50Ms: r1(percentile(searchMs, 50)),
    searchP99Ms: r1(percentile(searchMs, 99)),
    searchMaxMs: r1(percentile(searchMs, 100)),
    searchAloneP99Ms: r1(percentile(aloneMs, 99)),
    ...turnStats,
    units: units.length,
    /** The main thread's CPU in the units of work: materialising, without the searches between them. */
    unitsCpuS: r1(units.reduce((sum, u) => sum + u.cpuMs, 0) / 1000),
    unitP50Ms: r1(percentile(total, 50)),
    unitP99Ms: r1(percentile(total, 99)),
    unitMaxMs: r1(percentile(total, 100)),
    /** The main thread's CPU in a unit: the part of its time that was our work, not waiting for a core. */
    unitCpuP99Ms: r1(
      percentile(
        units.map((u) => u.cpuMs),
        99,
      ),
    ),
    unitCpuMaxMs: r1(
      percentile(
        units.map((u) => u.cpuMs),
        100,
      ),
    ),
    unitWorkMaxMs: r1(
      percentile(
        units.map((u) => u.workMs),
        100,
      ),
    ),
    /** The longest units (0 is the first: code compiled on first use, statements prepared). */
    longestUnits: total
      .map((ms, i) => ({ i, ms: r1(ms), workMs: r1(units[i]!.workMs), cpuMs: r1(units[i]!.cpuMs) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3),
    unitCommitP99Ms: r1(
      percentile(
        units.map((u) => u.commitMs),
        99,
      ),
    ),
    unitCommitMaxMs: r1(
      percentile(
        units.map((u) => u.commitMs),
        100,
      ),
    ),
    walMaxMB: Math.round(walMaxBytes / 1e6),
    /** Since the process started (seeding included): which thread the CPU went to. */
    threadCpuS: threadCpu(),
    load: loadAverage(),
  }),
);

// 2. Expiry and reminders due the same minute, two workers at once (as two processes would).
await seedDueBookings(db, BOOKINGS, USERS, T0);
const mailsBefore = await count('mails');
clock.set(T0 + 3 * HOUR);
started = performance.now();
cpu = process.cpuUsage();
const [w1, w2] = await Promise.all([
  runDueJobs(app.deps, handlers, { workerId: 'w1' }),
  runDueJobs(app.deps, handlers, { workerId: 'w2' }),
]);
const dueS = (performance.now() - started) / 1000;
const dueCpu = cpuSeconds(cpu);
const mails = await db
  .selectFrom('mails')
  .select(['to_address', 'subject'])
  .where((eb) =>
    eb.or([eb('subject', 'like', 'Booking request expired%'), eb('subject', 'like', 'Reminder:%')]),
  )
  .execute();
const expiryMails = mails.filter((m) => m.subject.startsWith('Booking request expired')).length;
const distinct = new Set(mails.map((m) => `${m.to_address}|${m.subject}`));
const expired = await db
  .selectFrom('bookings')
  .select((eb) => eb.fn.countAll<number>().as('n'))
  .where('cancel_reason', '=', 'EXPIRED')
  .executeTakeFirstOrThrow();
console.log(
  JSON.stringify({
    scenario: 'expiry and reminders due the same minute',
    bookings: BOOKINGS,
    workers: [w1, w2],
    seconds: r1(dueS),
    cpuSeconds: dueCpu,
    expired: Number(expired.n),
    expiryMails,
    reminderMails: mails.length - expiryMails,
    mailsBefore,
    duplicates: mails.length - distinct.size,
    load: loadAverage(),
  }),
);
await app.close();
await handle.destroy();
rmSync(dir, { recursive: true, force: true });
