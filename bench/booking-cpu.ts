/**
 * node bench/booking-cpu.ts --database sqlite:bench/data/copy.db [--requests 8000] [--hot]
 *
 * The booking scenario without HTTP and without a load generator: the built app (apps/server/dist) in this
 * process, requests made with app.inject 32 at a time (so they share commits as over HTTP), and the
 * process's CPU per request. On a machine whose speed swings from one minute to the next this tells a
 * change to the booking path apart where requests per second over loopback cannot. `--hot` sends every
 * request to the scenario's hot ride, which is sold out after its first few: the cost of a refusal.
 * It books seats: give it a copy of a seeded database.
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { createDatabase } from '../apps/server/dist/db/database.js';
import { systemClock } from '../apps/server/dist/lib/clock.js';
import { BENCH_JWT_SECRET, createSessions, tokensFor } from './lib/tokens.ts';
import { sample, scenarios, sessionUsers } from './scenarios.ts';

const { values } = parseArgs({
  options: {
    database: { type: 'string' },
    requests: { type: 'string', default: '8000' },
    hot: { type: 'boolean', default: false },
  },
});
const url = values.database ?? process.env.DATABASE_URL;
if (!url?.startsWith('sqlite:')) throw new Error('--database sqlite:<copy of a seeded database> is required');
const AT_ONCE = 32;
const secret = BENCH_JWT_SECRET;

const database = createDatabase(url);
const samples = await sample(database.db, Date.now(), { targets: 20_000 });
const sessions = await createSessions(database.db, sessionUsers(samples), Date.now());
const config = loadConfig({
  NODE_ENV: 'production',
  DATABASE_URL: url,
  JWT_SECRET: secret,
  LOG_LEVEL: 'warn',
});
const app = await buildApp({
  config,
  db: database.db,
  dbKind: 'sqlite',
  dataVersion: database.dataVersion,
  clock: systemClock,
  logger: false,
});
const bookings = scenarios(samples, tokensFor(secret, sessions)).find((s) => s.name === 'bookings')!;
const hotPath = `/api/rides/${samples.hotRide.id}/book`;
const next = () => {
  for (;;) {
    const r = bookings.next();
    if (!values.hot || r.path === hotPath) return r;
  }
};

const status: Record<number, number> = {};
async function batch(): Promise<void> {
  const replies = await Promise.all(
    Array.from({ length: AT_ONCE }, () => {
      const r = next();
      return app.inject({
        method: r.method,
        url: r.path,
        headers: { ...r.headers, 'content-type': 'application/json' },
        payload: r.body,
      });
    }),
  );
  for (const reply of replies) status[reply.statusCode] = (status[reply.statusCode] ?? 0) + 1;
}

// Warm-up: the JIT, the statement cache and the pages of the rides the sample reads.
for (let i = 0; i < 30; i += 1) await batch();
for (const code of Object.keys(status)) delete status[Number(code)];

const rounds = Math.ceil(Number(values.requests) / AT_ONCE);
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; i < rounds; i += 1) await batch();
const cpu = process.cpuUsage(cpu0);
const ms = performance.now() - t0;
const n = rounds * AT_ONCE;
console.log(
  `${n} requests ${JSON.stringify(status)}: CPU ${((cpu.user + cpu.system) / n).toFixed(1)} us per request ` +
    `(all threads), ${((ms * 1000) / n).toFixed(1)} us per request on the clock, ` +
    `${(((status[201] ?? 0) / ms) * 1000).toFixed(0)} committed/s`,
);
await app.close();
await database.destroy();
