/**
 * node bench/search-steady.ts --database sqlite:FILE [--scenario search] [--windows 24] [--seconds 10]
 *
 * A scenario driven for minutes, reported window by window: how kept search pages fill and what the
 * server answers once they have (decision 029), which the benchmark's 10-second scenarios cannot show.
 * Starts the built server on an existing seeded database, measures /api/health for 5 s, then runs the
 * scenario at 32 connections in windows, each with its throughput, latency and the server's memory.
 */
import { parseArgs } from 'node:util';
import { createDatabase } from '../apps/server/dist/db/database.js';
import { load } from './lib/load.ts';
import { startServer } from './lib/server.ts';
import { BENCH_JWT_SECRET, createSessions, tokensFor } from './lib/tokens.ts';
import { sample, scenarios, sessionUsers } from './scenarios.ts';

const { values } = parseArgs({
  options: {
    database: { type: 'string' },
    scenario: { type: 'string', default: 'search' },
    windows: { type: 'string', default: '24' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
  },
});
const url = values.database ?? process.env.DATABASE_URL;
if (!url) throw new Error('--database is required');
const connections = Number(values.connections);
const seconds = Number(values.seconds);

const handle = createDatabase(url);
const samples = await sample(handle.db, Date.now(), { targets: 100 });
const sessions = await createSessions(handle.db, sessionUsers(samples), Date.now());
await handle.destroy();
const server = await startServer({
  databaseUrl: url,
  jwtSecret: BENCH_JWT_SECRET,
  dataDir: 'bench/data/steady',
  logFile: 'bench/data/search-steady-server.log',
  // As the benchmark and `npm start` run it (bench/run.ts).
  nodeArgs: ['--max-semi-space-size=8', '--max-old-space-size=192'],
  env: { MALLOC_ARENA_MAX: '2', WEB_DIST: 'bench/data/web-dist' },
});
try {
  const list = scenarios(samples, tokensFor(BENCH_JWT_SECRET, sessions));
  const next = (name: string) => {
    const sc = list.find((s) => s.name === name);
    if (!sc) throw new Error(`no scenario ${name}`);
    return sc.next;
  };
  const health = await load({
    name: 'health',
    url: server.url,
    connections,
    seconds: 5,
    next: next('health'),
  });
  console.log(`${url}: /api/health ${health.rps.toFixed(0)} req/s, p99 ${health.p99} ms`);
  for (let i = 1; i <= Number(values.windows); i += 1) {
    const r = await load({
      name: values.scenario,
      url: server.url,
      connections,
      seconds,
      next: next(values.scenario),
    });
    const share = ((100 * r.rps) / health.rps).toFixed(0);
    console.log(
      `${values.scenario} to ${i * seconds} s: ${r.rps.toFixed(0)} req/s (${share}% of health), p50 ${r.p50} ms, p99 ${r.p99} ms, RSS ${server.rssMb().toFixed(0)} MB`,
    );
  }
} finally {
  await server.stop();
}
