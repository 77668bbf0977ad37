/**
 * node bench/search-ab.ts --database postgres://.../db --builds apps/server/dist-before,apps/server/dist
 *   [--scenario search] [--rounds 2] [--seconds 8] [--connections 32]
 *
 * Before/after on one seeded database: each round starts every build in turn (order reversed every
 * other round, so A B B A ...), warms it up, then drives /api/health and the scenario at the same
 * connections. Alternating is what makes numbers comparable on a machine whose load moves by the minute.
 * Also counts PostgreSQL statements per request (pg_stat_database commits; each autocommit statement is
 * one), which is what the search cache saves or not.
 */
import { parseArgs } from 'node:util';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { createDatabase } from '../apps/server/dist/db/database.js';
import { load } from './lib/load.ts';
import { startServer } from './lib/server.ts';
import { BENCH_JWT_SECRET, createSessions, tokensFor } from './lib/tokens.ts';
import { sample, scenarios, sessionUsers } from './scenarios.ts';

const { values } = parseArgs({
  options: {
    database: { type: 'string' },
    builds: { type: 'string', default: 'apps/server/dist' },
    scenario: { type: 'string', default: 'search' },
    rounds: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '8' },
    connections: { type: 'string', default: '32' },
  },
});
const url = values.database ?? process.env.DATABASE_URL;
if (!url) throw new Error('--database is required');
const builds = values.builds.split(',');
const dir = `bench/data/ab-${process.pid}`;
mkdirSync(dir, { recursive: true });

const handle = createDatabase(url);
const samples = await sample(handle.db, Date.now(), { targets: 20_000 });
const sessions = await createSessions(handle.db, sessionUsers(samples), Date.now());
const all = scenarios(samples, tokensFor(BENCH_JWT_SECRET, sessions));
const byName = new Map(all.map((s) => [s.name, s]));
const commits = async () =>
  url.startsWith('postgres')
    ? Number(
        (
          await sql<{
            n: number;
          }>`select xact_commit as n from pg_stat_database where datname = current_database()`.execute(
            handle.db,
          )
        ).rows[0]!.n,
      )
    : 0;

/** CPU seconds of every PostgreSQL process on this machine (the database shares the cores). */
function postgresCpuSeconds(): number {
  let total = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

console.log(
  '| round | build | health req/s | scenario req/s | of health | p50 ms | p99 ms | statements/request | server CPU ms/request | PostgreSQL CPU ms/request |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (let round = 1; round <= Number(values.rounds); round += 1) {
  const order = round % 2 ? builds : [...builds].reverse();
  for (const build of order) {
    const server = await startServer({
      databaseUrl: url,
      jwtSecret: BENCH_JWT_SECRET,
      dataDir: `${dir}/data`,
      logFile: `${dir}/server.log`,
      script: `${build}/server.js`,
      nodeArgs: ['--max-semi-space-size=8', '--max-old-space-size=192'],
    });
    const run = (name: string, seconds: number) =>
      load({
        name,
        url: server.url,
        connections: Number(values.connections),
        seconds,
        next: byName.get(name)!.next,
      });
    await run(values.scenario, 2); // warm-up: JIT, pools, kept pages as a running server has them
    const health = await run('health', Number(values.seconds));
    const before = await commits();
    const cpu = [server.cpuSeconds(), postgresCpuSeconds()];
    const r = await run(values.scenario, Number(values.seconds));
    const perRequest = (s: number) => ((1000 * s) / Math.max(1, r.requests)).toFixed(2);
    const cpuUsed = [perRequest(server.cpuSeconds() - cpu[0]!), perRequest(postgresCpuSeconds() - cpu[1]!)];
    // pg_stat_database is flushed by each backend at most every second or so: wait for it.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const statements = ((await commits()) - before) / Math.max(1, r.requests);
    await server.stop();
    const bad = Object.entries(r.status).filter(([code]) => !code.startsWith('2'));
    console.log(
      `| ${round} | ${build} | ${health.rps.toFixed(0)} | ${r.rps.toFixed(0)} | ${((100 * r.rps) / health.rps).toFixed(0)}% | ${r.p50} | ${r.p99} | ${statements.toFixed(2)} | ${cpuUsed[0]} | ${cpuUsed[1]} |${bad.length ? ` non-2xx ${JSON.stringify(bad)}` : ''}`,
    );
  }
}
await handle.destroy();
