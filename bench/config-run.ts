/**
 * One database size on one or two servers, as `bench/run.ts` measures it: seed, sample, start the built
 * server, load each scenario with autocannon, check seats against bookings.
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { withDatabase } from './lib/database-url.ts';
import { combine, load, type LoadResult } from './lib/load.ts';
import { startServer, waitIdle, type RunningServer } from './lib/server.ts';
import { createSessions, tokensFor } from './lib/tokens.ts';
import type { ConfigResult } from './report-types.ts';
import { oversellCheck, sample, scenarios, sessionUsers, type Scenario } from './scenarios.ts';
import { SEED_PASSWORD, seedLarge } from './seed-large.ts';
import { medianLighthouse, type LighthouseScores } from './lighthouse.ts';
import { probeLatencies, type Latency } from './lib/probe.ts';
import { searchCpuMs } from './lib/search-cpu.ts';

/** What every configuration of one run shares. */
export interface BenchSettings {
  seconds: number;
  connections: number;
  jwtSecret: string;
  /** Where databases, server data and logs go (bench/data). */
  dataDir: string;
  /** Names this run's databases and server folder. */
  runId: string;
  /** Use a database an earlier run seeded (--reuse) when it is there. */
  reuse: boolean;
  serverNodeArgs: string[];
  serverEnv: Record<string, string>;
  /** The web app's production build the server serves. */
  webDist: string;
  probeRequests: number;
  lighthouseRuns: number;
}

export interface ConfigOptions {
  label: string;
  kind: 'sqlite' | 'postgres';
  url: string;
  rides: number;
  /** Every scenario and the seats check (the largest size), or only health and search. */
  full: boolean;
  servers: number;
  seed: boolean;
  lighthouse?: boolean;
}

export function step(text: string) {
  console.log(`\n== ${text}`);
}

function line(r: LoadResult, baseline?: LoadResult) {
  const codes = Object.entries(r.status)
    .map(([c, n]) => `${c}:${n}`)
    .join(' ');
  const ratio = baseline ? ` ${((100 * r.rps) / baseline.rps).toFixed(0)}% of health` : '';
  console.log(
    `  ${r.name.padEnd(12)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  max ${r.max} ms  [${codes}] errors ${r.errors}${ratio}${r.rssMb ? `  rss ${r.rssMb.toFixed(0)} MB` : ''}${r.cpuMsPerRequest ? `  server cpu ${r.cpuMsPerRequest.toFixed(3)} ms/req` : ''}`,
  );
}

function prepare(url: string, nowMs: number, targets: number) {
  return withDatabase(url, async (db) => {
    const samples = await sample(db, nowMs, { targets });
    const sessions = await createSessions(db, sessionUsers(samples), nowMs);
    const searchCpu = await searchCpuMs(db, samples.searches);
    console.log(
      `  database CPU per search (in-process, uncached): ${searchCpu.perSearch.toFixed(3)} ms, ${searchCpu.perRide.toFixed(3)} ms per ride returned (${searchCpu.ridesPerSearch.toFixed(1)} rides a search)`,
    );
    return { samples, sessions, searchCpu };
  });
}

function hasRides(url: string): Promise<boolean> {
  return withDatabase(url, async (db) => {
    const row = await db
      .selectFrom('rides')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0) > 0;
  }).catch(() => false);
}

async function run(servers: RunningServer[], sc: Scenario, connections: number, seconds: number) {
  if (servers.length === 1)
    return load({ name: sc.name, url: servers[0]!.url, connections, seconds, next: sc.next });
  const each = Math.max(1, Math.floor(connections / servers.length));
  const [a, b] = await Promise.all(
    servers.map((s) => load({ name: sc.name, url: s.url, connections: each, seconds, next: sc.next })),
  );
  return combine(sc.name, a!, b!);
}

/** Seeds the configuration's database, unless an earlier run's is reused; the seconds it took. */
async function seedFor(s: BenchSettings, o: ConfigOptions, users: number): Promise<number | undefined> {
  const reuse =
    s.reuse && (o.kind === 'sqlite' ? existsSync(o.url.slice('sqlite:'.length)) : await hasRides(o.url));
  if (reuse) console.log('  reusing the database seeded by an earlier run (--reuse)');
  if (!o.seed || reuse) return undefined;
  const seeded = await seedLarge({ databaseUrl: o.url, users, rides: o.rides, reset: true, quiet: true });
  // The seed leaves gigabytes of the file's pages for the kernel to write back: done now, not while the
  // first scenarios (health, the baseline of every ratio) are measured.
  execSync('sync');
  console.log(
    `  seeded ${users} users, ${seeded.rides} rides, ${seeded.bookings} bookings, ${seeded.ratings} ratings in ${seeded.seconds.toFixed(1)} s`,
  );
  return seeded.seconds;
}

/**
 * Each scenario in turn on the running servers, with their memory and CPU; the search probe after
 * search. Each scenario draws from a list made afresh (`make`), so none starts where another left off.
 */
async function scenarioResults(
  s: BenchSettings,
  o: ConfigOptions,
  servers: RunningServer[],
  make: () => Scenario[],
) {
  const list = make();
  const byName = new Map(list.map((sc) => [sc.name, sc]));
  const results: LoadResult[] = [];
  let probe: { health: Latency; search: Latency } | undefined;
  // Warm-up (not recorded): lets the JIT and the database caches settle.
  await run(servers, byName.get('search')!, s.connections, Math.min(3, s.seconds));
  for (const name of o.full ? list.map((sc) => sc.name) : ['health', 'search']) {
    const rss = servers.map(() => 0);
    const sampler = setInterval(
      () => servers.forEach((sv, i) => (rss[i] = Math.max(rss[i]!, sv.rssMb()))),
      100,
    );
    await waitIdle(servers);
    const cpuBefore = servers.reduce((t, sv) => t + sv.cpuSeconds(), 0);
    const sc = make().find((x) => x.name === name) ?? byName.get(name)!;
    const r = await run(servers, sc, s.connections, s.seconds);
    clearInterval(sampler);
    r.rssMb = Math.max(...rss);
    r.cpuMsPerRequest = ((servers.reduce((t, sv) => t + sv.cpuSeconds(), 0) - cpuBefore) * 1000) / r.requests;
    results.push(r);
    line(r, results[0]);
    if (name === 'search' && servers.length === 1) {
      // Right after the search scenario, its pages kept as the load left them, at every size alike.
      const sources = ['health', 'search'].map((n) => byName.get(n)!.next);
      const [health, search] = await probeLatencies(servers[0]!.url, sources, s.probeRequests);
      probe = { health: health!, search: search! };
      console.log(
        `  one connection: health mean ${probe.health.mean.toFixed(3)} ms, search mean ${probe.search.mean.toFixed(3)} ms (p50 ${probe.search.p50.toFixed(3)}, p99 ${probe.search.p99.toFixed(3)})`,
      );
    }
  }
  return { results, probe };
}

/** One database size on one or two servers: seed, sample, start, load, check. */
export async function benchConfig(s: BenchSettings, o: ConfigOptions): Promise<ConfigResult> {
  step(`${o.label}: ${o.rides.toLocaleString('en-IN')} rides`);
  const users = Math.max(1000, Math.round(o.rides / 10));
  const seedSeconds = await seedFor(s, o, users);
  const { samples, sessions, searchCpu } = await prepare(
    o.url,
    Date.now(),
    Math.ceil((s.seconds * 4000) / 2),
  );
  const servers: RunningServer[] = [];
  let peaks: number[] = [];
  let measured: Awaited<ReturnType<typeof scenarioResults>>;
  let lighthouse: LighthouseScores[] | undefined;
  try {
    for (let i = 0; i < o.servers; i += 1) {
      servers.push(
        await startServer({
          databaseUrl: o.url,
          jwtSecret: s.jwtSecret,
          dataDir: `${s.dataDir}/server-${s.runId}`,
          logFile: `${s.dataDir}/server-${o.kind}-${o.rides}-${i}.log`,
          nodeArgs: s.serverNodeArgs,
          env: { ...s.serverEnv, WEB_DIST: resolve(s.webDist) },
        }),
      );
    }
    const make = () => scenarios(samples, tokensFor(s.jwtSecret, sessions));
    measured = await scenarioResults(s, o, servers, make);
    if (o.lighthouse) {
      // The booking scenario leaves its mails queued: the server sends them before Lighthouse shares its cores.
      await waitIdle(servers);
      lighthouse = await medianLighthouse(servers[0]!.url, s.lighthouseRuns, {
        email: samples.emails[0]!,
        password: SEED_PASSWORD,
      }).catch((error: unknown) => {
        console.log(`  lighthouse failed: ${String(error)}`);
        return undefined;
      });
    }
  } finally {
    peaks = servers.map((sv) => sv.peakRssMb());
    for (const sv of servers) await sv.stop();
    console.log(`  peak server RSS ${peaks.map((p) => `${p.toFixed(0)} MB`).join(', ')}`);
  }
  const oversell = o.full ? await withDatabase(o.url, oversellCheck) : undefined;
  if (oversell) {
    console.log(
      `  seats check: ${oversell.rides} rides, ${oversell.oversold} oversold, ${oversell.mismatched} seat counts not matching bookings`,
    );
  }
  return {
    label: o.label,
    kind: o.kind,
    rides: o.rides,
    users,
    servers: o.servers,
    seedSeconds,
    results: measured.results,
    peakRssMb: peaks,
    oversell,
    load: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
    hotRideSeats: samples.hotRide.seats,
    searchCpu,
    probe: measured.probe,
    lighthouse,
  };
}
