/**
 * node bench/search-statements.ts --database URL [--searches 600] [--samples bench/data/searches-X.json]
 *   [--filter price|rating|departure] [--price-range] [--each] [--pages FILE]
 *
 * What one uncached search along the way costs, in this process, on a seeded database (`npm run
 * seed:large`): the server code's CPU (bench/lib/search-cpu.ts, no page cache), and on PostgreSQL the CPU
 * of the backends that served it, with the statements sent and rows received per search. The searches
 * are drawn from the data once and kept in a file, so two builds (or two runs) answer the same ones.
 * `--filter` makes each a filter in that order with a departure window of a few hours (FILTER_WINDOWS).
 * `--price-range` gives each filter a least and a greatest price as the benchmark's filter scenario does.
 * `--each` adds the spread of the searches' CPU, each timed alone, and the ten slowest. `--pages` writes
 * each search's page (ride ids and segment prices, a line a search), so two builds' answers can be diffed.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createDatabase } from '../apps/server/dist/db/database.js';
import { pgCpu } from './lib/pg-cpu.ts';
import { searchCpuMs, spreadOf, type FilterCriteria } from './lib/search-cpu.ts';
import { sample } from './scenarios.ts';

const { values: args } = parseArgs({
  options: {
    database: { type: 'string' },
    searches: { type: 'string', default: '600' },
    samples: { type: 'string' },
    filter: { type: 'string' },
    each: { type: 'boolean', default: false },
    'price-range': { type: 'boolean', default: false },
    pages: { type: 'string' },
  },
});
/** Commuters' windows: mornings and evenings, and one wide one. */
const FILTER_WINDOWS = [
  ['06:00', '09:00'],
  ['07:00', '10:00'],
  ['16:00', '19:00'],
  ['05:00', '12:00'],
] as const;
const sort = args.filter as FilterCriteria['sort'] | undefined;
const filter = sort
  ? (i: number) => {
      const [departAfter, departBefore] = FILTER_WINDOWS[i % FILTER_WINDOWS.length]!;
      if (!args['price-range']) return { sort, departAfter, departBefore };
      // As the benchmark's filter scenario asks (bench/scenarios.ts), in a fixed turn.
      const minPrice = [0, 100, 200, 300][i % 4]!;
      return { sort, departAfter, departBefore, minPrice, maxPrice: minPrice + [500, 1000, 3000][i % 3]! };
    }
  : undefined;
const url = args.database ?? process.env.DATABASE_URL;
if (!url) throw new Error('--database is required');
const isPostgres = url.startsWith('postgres');
const name = url.split(/[/:]/).pop()!.replace(/\W/g, '_');
const file = args.samples ?? `bench/data/searches-${name}.json`;

// Statements and rows, counted where the driver sends them.
const sent = { statements: 0, rows: 0 };
const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
  sent.statements += 1;
  const result = query.apply(this, a) as Promise<{ rowCount?: number }> | undefined;
  result?.then?.(
    (r) => (sent.rows += r?.rowCount ?? 0),
    () => {},
  );
  return result;
} as typeof pg.Client.prototype.query;

const handle = createDatabase(url);
const searches: { from: string; to: string; date: string }[] = existsSync(file)
  ? JSON.parse(readFileSync(file, 'utf8'))
  : (await sample(handle.db, Date.now(), { targets: 1 })).searches;
writeFileSync(file, JSON.stringify(searches));

const monitor = isPostgres ? new pg.Client({ connectionString: url }) : undefined;
await monitor?.connect();
const n = Number(args.searches);
const warm = 50; // searchCpuMs runs these first, uncounted in its CPU but not in the driver's counts
const backend0 = monitor ? await pgCpu(monitor, new URL(url).pathname.slice(1)) : 0;
const [statements0, rows0] = [sent.statements, sent.rows];
const started = performance.now();
const cpu = await searchCpuMs(handle.db, searches, n, filter);
const wall = (performance.now() - started) / (n + warm);
const [statements, rows] = [sent.statements - statements0, sent.rows - rows0];
const per = (x: number) => (x / (n + warm)).toFixed(2);
const backend = monitor ? (await pgCpu(monitor, new URL(url).pathname.slice(1))) - backend0 : 0;
const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
console.log(
  `${url}: ${n} ${sort ? `filters by ${sort} with a departure window` : 'searches'} (${file}), ` +
    `${cpu.ridesPerSearch.toFixed(2)} rides each; ` +
    `server code CPU ${cpu.perSearch.toFixed(2)} ms/search` +
    (isPostgres
      ? `, PostgreSQL backends ${per(backend * 1000)} ms/search, statements ${per(statements)}, rows ${per(rows)}`
      : '') +
    `; wall ${wall.toFixed(2)} ms; load ${load}`,
);
if (args.pages) writeFileSync(args.pages, cpu.each.map((e) => `${e.search}: ${e.page}`).join('\n') + '\n');
if (args.each) {
  console.log(`each search alone: ${spreadOf(cpu.each)}`);
  for (const e of [...cpu.each].sort((a, b) => b.ms - a.ms).slice(0, 10))
    console.log(`  ${e.ms.toFixed(1)} ms  ${e.search} (${e.rides} rides)`);
}
await monitor?.end();
await handle.destroy();
