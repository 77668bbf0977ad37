/**
 * node --experimental-strip-types bench/memory-ab.ts --database bench/data/x.db
 *   --builds apps/server/dist-before,apps/server/dist [--rounds 2] [--seconds 3] [--connections 32]
 *
 * Peak resident memory (VmHWM) of builds under the benchmark's whole sequence of scenarios, as
 * `npm run bench:ci` drives them, alternated A B B A ... so each pair sees a similar machine. Every run
 * starts from a fresh copy of the seeded SQLite file (bookings use up seats), with the server's options
 * and environment of bench/run.ts, and every password hashed by the build under test. Also reports the
 * server's heap right after start and CPU per request.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { load } from './lib/load.ts';
import { startServer, waitIdle } from './lib/server.ts';
import { sampleWithSessions } from './lib/sampled.ts';
import { BENCH_JWT_SECRET, tokensFor } from './lib/tokens.ts';
import { scenarios } from './scenarios.ts';
import { SEED_PASSWORD } from './seed-large.ts';

const { values } = parseArgs({
  options: {
    database: { type: 'string' },
    builds: { type: 'string', default: 'apps/server/dist' },
    rounds: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
  },
});
if (!values.database)
  throw new Error('--database FILE (a SQLite file seeded by bench/seed-large.ts) is required');
const seeded = values.database;
const builds = values.builds.split(',');
const dir = `bench/data/memory-ab-${process.pid}`;
mkdirSync(dir, { recursive: true });

// Samples and sessions go into the seeded file first, so every copy holds the same ones.
const { samples, sessions } = await sampleWithSessions(`sqlite:${seeded}`, 6000);

/** Every user's password hashed by the build under test, as its own release would have stored it. */
async function hashedByBuild(file: string, build: string): Promise<void> {
  const { hashPassword } = await import(pathToFileURL(resolve(build, 'lib/password.js')).href);
  const db = new Database(file);
  db.prepare('update users set password_hash = ?').run(await hashPassword(SEED_PASSWORD));
  db.close();
}
const names = scenarios(samples, new Map()).map((s) => s.name);

console.log(`| round | build | peak MB (VmHWM) | RSS after start MB | ${names.join(' | ')} |`);
console.log(`|---|---|---:|---:|${names.map(() => '---:').join('|')}|`);
for (let round = 1; round <= Number(values.rounds); round += 1) {
  for (const build of round % 2 ? builds : [...builds].reverse()) {
    const file = `${dir}/run.db`;
    rmSync(`${file}-wal`, { force: true });
    copyFileSync(seeded, file);
    await hashedByBuild(file, build);
    const server = await startServer({
      databaseUrl: `sqlite:${file}`,
      jwtSecret: BENCH_JWT_SECRET,
      dataDir: `${dir}/data`,
      logFile: `${dir}/server.log`,
      script: `${build}/server.js`,
      nodeArgs: ['--max-semi-space-size=8', '--max-old-space-size=192'],
      env: { MALLOC_ARENA_MAX: '2', WEB_DIST: resolve('bench/data/web-dist') },
    });
    const started = server.rssMb();
    const list = scenarios(samples, tokensFor(BENCH_JWT_SECRET, sessions));
    const warm = list.find((s) => s.name === 'search')!;
    // As bench/run.ts: a search warm-up, not recorded.
    await load({
      name: 'warm-up',
      url: server.url,
      connections: 32,
      seconds: Number(values.seconds),
      next: warm.next,
    });
    const cells: string[] = [];
    for (const sc of list) {
      await waitIdle([server]);
      const cpu = server.cpuSeconds();
      const r = await load({
        name: sc.name,
        url: server.url,
        connections: Number(values.connections),
        seconds: Number(values.seconds),
        next: sc.next,
      });
      const perRequest = ((server.cpuSeconds() - cpu) * 1000) / Math.max(1, r.requests);
      cells.push(`${r.rps.toFixed(0)}/s p99 ${r.p99} cpu ${perRequest.toFixed(3)}`);
    }
    const peak = server.peakRssMb();
    await server.stop();
    console.log(
      `| ${round} | ${build} | ${peak.toFixed(0)} | ${started.toFixed(0)} | ${cells.join(' | ')} | load ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
    );
  }
}
rmSync(dir, { recursive: true, force: true });
