/**
 * node bench/profile.ts --database sqlite:bench/data/x.db --scenario search [--seconds 10]
 *
 * Runs one scenario against a server started with `node --cpu-prof` on an existing seeded database,
 * then prints the functions with the most self time (the .cpuprofile opens in Chrome DevTools too).
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { load } from './lib/load.ts';
import { startServer } from './lib/server.ts';
import { sampleWithSessions } from './lib/sampled.ts';
import { BENCH_JWT_SECRET, tokensFor } from './lib/tokens.ts';
import { scenarios } from './scenarios.ts';

const { values } = parseArgs({
  options: {
    database: { type: 'string' },
    scenario: { type: 'string', default: 'search' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    // Long enough a warm-up, and the search scenario profiles kept pages rather than first answers.
    'warm-up': { type: 'string', default: '2' },
    top: { type: 'string', default: '30' },
  },
});
const url = values.database ?? process.env.DATABASE_URL;
if (!url) throw new Error('--database is required');
const secret = BENCH_JWT_SECRET;
const dir = `bench/data/profile-${process.pid}`;
mkdirSync(dir, { recursive: true });

const { samples, sessions } = await sampleWithSessions(url, 20_000);

const server = await startServer({
  databaseUrl: url,
  jwtSecret: secret,
  dataDir: `${dir}/data`,
  logFile: `${dir}/server.log`,
  nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
});
const sc = scenarios(samples, tokensFor(secret, sessions)).find((s) => s.name === values.scenario)!;
const warm = scenarios(samples, tokensFor(secret, sessions)).find((s) => s.name === 'search')!;
await load({
  name: 'warm-up',
  url: server.url,
  connections: 8,
  seconds: Number(values['warm-up']),
  next: warm.next,
});
const r = await load({
  name: sc.name,
  url: server.url,
  connections: Number(values.connections),
  seconds: Number(values.seconds),
  next: sc.next,
});
console.log(
  `${sc.name}: ${r.rps.toFixed(0)} req/s p50 ${r.p50} ms p99 ${r.p99} ms ${JSON.stringify(r.status)}`,
);
await server.stop();

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
  const p = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as {
    nodes: Node[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  p.samples.forEach((id, i) => {
    const cf = byId.get(id)!.callFrame;
    const key = `${cf.functionName || '(anonymous)'} ${cf.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/apps\//, 'apps/')}:${cf.lineNumber + 1}`;
    const t = p.timeDeltas[i] ?? 0;
    self.set(key, (self.get(key) ?? 0) + t);
    total += t;
  });
  console.log(`\n${dir}/${file}: self time, top ${values.top}`);
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) {
    console.log(
      `${(v / 1000).toFixed(0).padStart(7)} ms ${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`,
    );
  }
}
