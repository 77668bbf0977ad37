/**
 * npm run bench       the full benchmark (SQLite and PostgreSQL, 10k/100k/1M rides), writes bench/RESULTS.md
 * npm run bench:ci    the small one CI runs: 10,000 rides, 3 s per scenario; exits non-zero on oversell or 5xx
 *
 * Seeds each database with bench/seed-large.ts, starts the built server as a child process, drives it
 * with autocannon from this process over loopback (config-run.ts), checks seats against bookings after
 * the booking scenario, and reports ratios against /api/health measured in the same run.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { count } from './lib/load.ts';
import { dropPostgres, removeSqlite, withDatabase } from './lib/database-url.ts';
import { envOf } from './lib/server.ts';
import { BENCH_JWT_SECRET } from './lib/tokens.ts';
import { machineInfo, renderReport } from './report.ts';
import type { ConfigResult, Report } from './report-types.ts';
import { firstViewJs } from './web-budget.ts';
import { mailScenarios } from './mail.ts';
import { commuteFailure, commuteScenario } from './commute-budget.ts';
import { benchConfig, step, type BenchSettings } from './config-run.ts';

const { values: args } = parseArgs({
  options: {
    ci: { type: 'boolean', default: false },
    sizes: { type: 'string' },
    seconds: { type: 'string' },
    connections: { type: 'string', default: '32' },
    postgres: {
      type: 'string',
      default: process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432',
    },
    'no-postgres': { type: 'boolean', default: false },
    'no-two': { type: 'boolean', default: false },
    'no-lighthouse': { type: 'boolean', default: false },
    'no-mail': { type: 'boolean', default: false },
    'no-commute': { type: 'boolean', default: false },
    out: { type: 'string' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    // On a machine with much memory V8 lets both heap generations grow far past what the server needs
    // (about 330 MB resident under this benchmark); these limits keep it near 200 MB at the same
    // throughput. Proposed for `npm start` too; see bench/FINDINGS.md.
    'server-node-args': { type: 'string', default: '--max-semi-space-size=8 --max-old-space-size=192' },
    // The environment `npm start` gives the server: glibc's malloc arenas for its threads limited to two
    // (README.md). `--server-env=` starts it without.
    'server-env': { type: 'string', default: 'MALLOC_ARENA_MAX=2' },
  },
});

const CI = args.ci;
const SIZES = (args.sizes ?? (CI ? '10000' : '10000,100000,1000000')).split(',').map(Number);
const OUT = args.out ?? (CI ? 'bench/data/RESULTS-ci.md' : 'bench/RESULTS.md');
const DATA = 'bench/data';
const WEB_DIST = `${DATA}/web-dist`;
const RUN = args.keep || args.reuse ? 'kept' : `${process.pid}`;
const settings: BenchSettings = {
  seconds: Number(args.seconds ?? (CI ? 3 : 10)),
  connections: Number(args.connections),
  jwtSecret: BENCH_JWT_SECRET,
  dataDir: DATA,
  runId: RUN,
  reuse: args.reuse,
  serverNodeArgs: args['server-node-args'].split(' ').filter(Boolean),
  serverEnv: envOf(args['server-env']),
  webDist: WEB_DIST,
  probeRequests: CI ? 300 : 3000,
  lighthouseRuns: 3,
};
const keepDatabases = args.keep || args.reuse;

function build() {
  step('build');
  try {
    execSync('npx tsc -b packages/shared apps/server', { stdio: 'inherit' });
  } catch (error) {
    // Type errors still emit JavaScript; only a missing server is fatal.
    if (!existsSync('apps/server/dist/server.js')) throw error;
    console.log('  (type errors above; measuring the JavaScript tsc emitted anyway)');
  }
  // The web app is built for production into the benchmark's own folder and served from there
  // (WEB_DIST): apps/web/dist is shared with other work and may hold a development build.
  execSync(
    `node ../../node_modules/vite/bin/vite.js build --outDir ${resolve(WEB_DIST)} --emptyOutDir --logLevel warn`,
    {
      cwd: 'apps/web',
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: 'inherit',
    },
  );
}

function postgresReachable(base: string): Promise<boolean> {
  return withDatabase(`${base}/postgres`, async (db) => {
    await db.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
    return true;
  }).catch(() => false);
}

/** Every size on SQLite, one server; Lighthouse at the largest. */
async function sqliteConfigs(largest: number): Promise<ConfigResult[]> {
  const configs: ConfigResult[] = [];
  for (const rides of SIZES) {
    const url = `sqlite:${DATA}/bench-${RUN}-${rides}.db`;
    const lighthouse = rides === largest && !CI && !args['no-lighthouse'];
    const full = rides === largest;
    configs.push(
      await benchConfig(settings, {
        label: 'SQLite',
        kind: 'sqlite',
        url,
        rides,
        full,
        servers: 1,
        seed: true,
        lighthouse,
      }),
    );
    if (!keepDatabases) removeSqlite(url);
  }
  return configs;
}

/** Every size on PostgreSQL, one server; at the largest again with two servers on the same database. */
async function postgresConfigs(largest: number): Promise<ConfigResult[]> {
  const configs: ConfigResult[] = [];
  for (const rides of SIZES) {
    const url = `${args.postgres}/saathchalo_bench_${RUN}_${rides}`;
    const base = { kind: 'postgres' as const, url, rides };
    try {
      const full = rides === largest;
      configs.push(
        await benchConfig(settings, { ...base, label: 'PostgreSQL', full, servers: 1, seed: true }),
      );
      if (full && !args['no-two']) {
        configs.push(
          await benchConfig(settings, {
            ...base,
            label: 'PostgreSQL, 2 servers',
            full,
            servers: 2,
            seed: false,
          }),
        );
      }
    } finally {
      if (!keepDatabases) await dropPostgres(url);
    }
  }
  return configs;
}

/** What makes the run fail: 5xx, oversold or mismatched seats, mails lost or doubled, commuter budgets. */
function failuresOf(report: Report): string[] {
  const failures: string[] = [];
  for (const c of report.configs) {
    for (const r of c.results) {
      const fivexx = count(r, (code) => code >= 500);
      if (fivexx > 0) failures.push(`${c.label} ${c.rides} ${r.name}: ${fivexx} responses 5xx`);
    }
    if (c.oversell && c.oversell.oversold + c.oversell.mismatched > 0) {
      failures.push(
        `${c.label} ${c.rides}: ${c.oversell.oversold} oversold rides, ${c.oversell.mismatched} seat mismatches`,
      );
    }
  }
  for (const m of report.mail ?? []) {
    if (m.wrong > 0) failures.push(`mail ${m.label}: ${m.wrong} mails lost or sent twice`);
  }
  const commuteFailed = report.commute && commuteFailure(report.commute);
  if (commuteFailed) failures.push(commuteFailed);
  return failures;
}

async function main() {
  mkdirSync(DATA, { recursive: true });
  build();
  const started = new Date();
  // The commit and the machine as the run starts: a commit made during a run is not what it measured.
  const machine = machineInfo();
  const largest = Math.max(...SIZES);
  const configs = await sqliteConfigs(largest);
  const pg = !args['no-postgres'] && (await postgresReachable(args.postgres));
  if (!pg && !args['no-postgres']) console.log(`\nPostgreSQL not reachable at ${args.postgres}: skipped`);
  if (pg) configs.push(...(await postgresConfigs(largest)));

  const mail = args['no-mail']
    ? []
    : await mailScenarios({
        targets: [
          { label: 'SQLite', url: `sqlite:${resolve(DATA, `bench-${RUN}-mail.db`)}` },
          ...(pg ? [{ label: 'PostgreSQL', url: `${args.postgres}/saathchalo_bench_${RUN}_mail` }] : []),
        ],
        notifications: CI ? 1000 : 5000,
        dataDir: `${DATA}/server-${RUN}`,
        nodeArgs: settings.serverNodeArgs,
        env: settings.serverEnv,
      });

  // Commuter mode's budgets at their size (100,000 commutes, 10,000 bookings due); CI a small count.
  const commute = args['no-commute']
    ? undefined
    : await commuteScenario(
        CI ? { commutes: 2_000, bookings: 500 } : { commutes: 100_000, bookings: 10_000 },
      );

  const report: Report = {
    ci: CI,
    serverNodeArgs: args['server-node-args'],
    serverEnv: args['server-env'],
    notes: existsSync('bench/FINDINGS.md') && !CI ? readFileSync('bench/FINDINGS.md', 'utf8') : undefined,
    machine,
    started,
    finished: new Date(),
    seconds: settings.seconds,
    connections: settings.connections,
    configs,
    mail,
    commute,
    web: existsSync(`${WEB_DIST}/.vite/manifest.json`) ? firstViewJs(WEB_DIST) : undefined,
  };
  const markdown = renderReport(report);
  writeFileSync(OUT, markdown);
  console.log(`\n${markdown}\nwritten to ${OUT}`);
  const failures = failuresOf(report);
  if (failures.length) {
    console.error(`\nFAILED:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
