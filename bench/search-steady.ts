/**
 * node bench/search-steady.ts --database sqlite:FILE [--scenario search] [--windows 24] [--seconds 10]
 *   ['--server-node-args=--max-old-space-size=192 ...']
 *
 * A scenario driven for minutes, reported window by window: how kept search pages fill and what the
 * server answers once they have (decision 029), which the benchmark's 10-second scenarios cannot show.
 * Starts the built server on an existing seeded database, measures /api/health for 5 s, then runs the
 * scenario at 32 connections in windows, each with its throughput, latency and the server's memory.
 */
import { parseArgs } from 'node:util';
import { load } from './lib/load.ts';
import { envOf, startServer } from './lib/server.ts';
import { sampleWithSessions } from './lib/sampled.ts';
import { BENCH_JWT_SECRET, tokensFor } from './lib/tokens.ts';
import { scenarios } from './scenarios.ts';

const { values } = parseArgs({
  options: {
    database: { type: 'string' },
    scenario: { type: 'string', default: 'search' },
    windows: { type: 'string', default: '24' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    // As the benchmark and `npm start` run it (bench/run.ts).
    'server-node-args': { type: 'string', default: '--max-semi-space-size=8 --max-old-space-size=192' },
    'server-env': { type: 'string', default: 'MALLOC_ARENA_MAX=2' },
  },
});
const url = values.database ?? process.env.DATABASE_URL;
if (!url) throw new Error('--database is required');
const connections = Number(values.connections);
const seconds = Number(values.seconds);

const { samples, sessions } = await sampleWithSessions(url, 100);
const server = await startServer({
  databaseUrl: url,
  jwtSecret: BENCH_JWT_SECRET,
  dataDir: 'bench/data/steady',
  logFile: 'bench/data/search-steady-server.log',
  nodeArgs: values['server-node-args'].split(' ').filter(Boolean),
  env: {
    ...envOf(values['server-env']),
    WEB_DIST: 'bench/data/web-dist',
  },
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
