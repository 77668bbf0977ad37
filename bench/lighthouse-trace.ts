/**
 * node bench/lighthouse-trace.ts --database sqlite:bench/data/x.db [--pages /signin,/find-ride] [--runs 2]
 *   [--web bench/data/web-dist]
 *
 * Runs Lighthouse as the benchmark does (bench/lighthouse.ts) against the built server on a seeded database,
 * and reads each run's Chromium trace: the renderer's main-thread tasks after first paint with the time
 * they took on the clock and the CPU they had, the blocking time Lighthouse's rule gives each way, and the
 * threads that used the cores meanwhile (bench/lib/trace-tasks.ts). `--web` serves another build of the
 * web app (a variant to compare); /find-ride is measured signed in.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createDatabase } from '../apps/server/dist/db/database.js';
import { lighthouseScores } from './lighthouse.ts';
import { startServer } from './lib/server.ts';
import { BENCH_JWT_SECRET } from './lib/tokens.ts';
import { summarizeTrace, type TraceEvent } from './lib/trace-tasks.ts';
import { SEED_PASSWORD } from './seed-large.ts';

const { values } = parseArgs({
  options: {
    database: { type: 'string' },
    pages: { type: 'string', default: '/,/signin,/find-ride' },
    runs: { type: 'string', default: '2' },
    web: { type: 'string' },
  },
});
const url = values.database ?? process.env.DATABASE_URL;
if (!url) throw new Error('--database is required (a database seeded by npm run seed:large)');
const web = resolve(
  values.web ?? (existsSync('bench/data/web-dist') ? 'bench/data/web-dist' : 'apps/web/dist'),
);
if (!existsSync(`${web}/index.html`))
  throw new Error(`no web build in ${web}: npm run build, or --web <dir>`);

const handle = createDatabase(url);
const { email } = await handle.db
  .selectFrom('users')
  .select('email')
  .where('deleted_at', 'is', null)
  .orderBy('email')
  .limit(1)
  .executeTakeFirstOrThrow();
await handle.destroy();

const dir = `bench/data/lighthouse-trace-${process.pid}`;
mkdirSync(dir, { recursive: true });
const server = await startServer({
  databaseUrl: url,
  jwtSecret: BENCH_JWT_SECRET,
  dataDir: `${dir}/data`,
  logFile: `${dir}/server.log`,
  env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', WEB_DIST: web },
});
const ms = (n: number) => `${n.toFixed(0)} ms`;
try {
  const pages = values.pages.split(',').map((path) => ({ path, signedIn: path === '/find-ride' }));
  for (let run = 0; run < Number(values.runs); run += 1) {
    await lighthouseScores(server.url, pages, { email, password: SEED_PASSWORD }, (path, events) => {
      const s = summarizeTrace(events as TraceEvent[]);
      console.log(
        `    trace ${path}: first paint at ${ms(s.fcpMs)}; blocking by Lighthouse's rule from the clock ` +
          `${ms(s.blockingByWallMs)}, from the CPU the thread had ${ms(s.blockingByCpuMs)}`,
      );
      for (const t of s.tasksAfterFcp)
        console.log(
          `      task at ${ms(t.startMs)}: ${t.wallMs.toFixed(1)} ms on the clock, ${t.cpuMs.toFixed(1)} ms CPU`,
        );
      console.log(
        `      CPU in the 500 ms after first paint: ${s.cpuByThread.map((t) => `${t.thread} ${ms(t.cpuMs)}`).join(', ')}`,
      );
    });
  }
} finally {
  await server.stop();
}
