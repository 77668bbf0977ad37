import { execSync } from 'node:child_process';
import { cpus, totalmem, release } from 'node:os';
import type { LoadResult } from './lib/load.ts';
import { count } from './lib/load.ts';
import { FIRST_VIEW_JS_BUDGET_BYTES, type FirstViewJs } from './web-budget.ts';
import type { LighthouseScores } from './lighthouse.ts';
import type { Latency } from './lib/probe.ts';
import { MAIL_BUDGET, renderMail, type MailResult } from './mail.ts';
import { commuteBudgetRows, type CommuteResult } from './commute-budget.ts';

export interface ConfigResult {
  label: string;
  kind: 'sqlite' | 'postgres';
  rides: number;
  users: number;
  servers: number;
  seedSeconds: number | undefined;
  results: LoadResult[];
  peakRssMb: number[];
  oversell: { rides: number; oversold: number; mismatched: number; examples: unknown[] } | undefined;
  hotRideSeats: number;
  searchCpu: { perSearch: number; perRide: number; ridesPerSearch: number };
  /** One request at a time right after the search scenario (lib/probe.ts); single-server runs only. */
  probe?: { health: Latency; search: Latency };
  /** /proc/loadavg (1, 5, 15 minutes) when the configuration finished. */
  load?: string;
  lighthouse?: LighthouseScores[] | undefined;
}

export interface Report {
  ci: boolean;
  serverNodeArgs: string;
  /** Environment variables the server started with besides the fixed ones, as `NAME=value` words. */
  serverEnv?: string;
  notes?: string;
  machine: Record<string, string>;
  started: Date;
  finished: Date;
  seconds: number;
  connections: number;
  configs: ConfigResult[];
  /** The mail scenario (bench/mail.ts), per database. */
  mail?: MailResult[];
  /** Commuter mode's jobs (bench/commute-jobs.ts), SQLite. */
  commute?: CommuteResult;
  web: FirstViewJs | undefined;
}

const sh = (cmd: string) => {
  try {
    return execSync(cmd, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '?';
  }
};

export function machineInfo(): Record<string, string> {
  // The run's own output (RESULTS.md, left changed by an earlier run) is not a change to what is measured.
  const dirty = sh(`git status --porcelain -- apps packages bench ':!bench/RESULTS.md' ':!bench/data'`)
    ? ' (working tree has uncommitted changes)'
    : '';
  return {
    cpu: `${cpus()[0]?.model ?? '?'} x ${cpus().length}`,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    os: `Linux ${release()}`,
    node: process.version,
    commit: `${sh('git rev-parse --short HEAD')}${dirty}`,
    load: sh('cat /proc/loadavg').split(' ').slice(0, 3).join(' '),
  };
}

const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));
const codes = (r: LoadResult) =>
  Object.entries(r.status)
    .map(([c, n]) => `${c}: ${n}`)
    .join(', ');

function table(c: ConfigResult): string {
  const base = c.results.find((r) => r.name === 'health');
  const rows = c.results.map((r) => {
    const created =
      r.name === 'bookings' ? ` (${(count(r, (s) => s === 201) / r.seconds).toFixed(0)} committed/s)` : '';
    return `| ${r.name} | ${r.rps.toFixed(0)}${created} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${codes(r)} | ${r.errors} | ${base ? `${((100 * r.rps) / base.rps).toFixed(0)}%` : ''} | ${r.rssMb?.toFixed(0) ?? ''} | ${r.cpuMsPerRequest?.toFixed(3) ?? ''} |`;
  });
  return [
    '| scenario | req/s | p50 ms | p99 ms | max ms | responses | conn. errors | of baseline | RSS MB | server CPU ms a request |',
    '|---|---:|---:|---:|---:|---|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}

export function renderReport(r: Report): string {
  const out: string[] = [];
  out.push(`# SaathChalo benchmark results${r.ci ? ' (CI run)' : ''}`, '');
  out.push(
    `Run ${r.started.toISOString()} to ${r.finished.toISOString()}; ${r.connections} connections, ${r.seconds} s per scenario, autocannon on 127.0.0.1.`,
    '',
    '| machine | |',
    '|---|---|',
    ...Object.entries(r.machine).map(([k, v]) => `| ${k} | ${v} |`),
    '',
  );
  out.push(
    `Server: \`${r.serverEnv ? `${r.serverEnv} ` : ''}node ${r.serverNodeArgs ? `${r.serverNodeArgs} ` : ''}apps/server/dist/server.js\` with NODE_ENV=production, LOG_LEVEL=warn, TRUST_PROXY=1, on 127.0.0.1; load from this process (autocannon), a separate process from the server.`,
    '',
    ...budgets(r),
  );
  const full = r.configs.filter((c) => c.results.length > 2);
  for (const c of full) {
    out.push(
      `## ${c.label}, ${c.rides.toLocaleString('en-IN')} rides, ${c.users.toLocaleString('en-IN')} users`,
      '',
      table(c),
      '',
      `Peak server memory (VmHWM): ${c.peakRssMb.map((p) => `${p.toFixed(0)} MB`).join(', ')}.` +
        (c.seedSeconds ? ` Seeded in ${c.seedSeconds.toFixed(1)} s.` : '') +
        ` Hot ride had ${c.hotRideSeats} free seats.`,
      '',
    );
    if (c.oversell) {
      out.push(
        `Seats check after the booking scenario: ${c.oversell.rides.toLocaleString('en-IN')} rides, **${c.oversell.oversold} oversold**, ${c.oversell.mismatched} whose seats differ from their bookings.`,
        '',
      );
    }
  }
  const scaling = (kind: string) => r.configs.filter((c) => c.kind === kind && c.servers === 1);
  for (const kind of ['sqlite', 'postgres']) {
    const rows = scaling(kind);
    if (rows.length === 0) continue;
    const first = rows[0]!.results.find((x) => x.name === 'search');
    out.push(
      `## Search latency by data size (${kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'}, ${r.connections} connections)`,
      '',
      '| rides | search req/s | p50 ms | p99 ms | mean ms | mean vs smallest | one connection: search mean (p99) ms | health mean ms | search vs smallest, relative to health | uncached database CPU per search, in-process | vs smallest | per ride returned | vs smallest | machine load |',
      '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...rows.map((c) => {
        const s = c.results.find((x) => x.name === 'search')!;
        const cpu0 = rows[0]!.searchCpu;
        const p = c.probe;
        const p0 = rows[0]!.probe;
        const one = p
          ? `${p.search.mean.toFixed(3)} (${p.search.p99.toFixed(3)}) | ${p.health.mean.toFixed(3)} | ${p0 ? `${probeRatio(p, p0).toFixed(2)}x` : ''}`
          : ' | | ';
        return `| ${c.rides.toLocaleString('en-IN')} | ${s.rps.toFixed(0)} | ${ms(s.p50)} | ${ms(s.p99)} | ${ms(s.mean)} | ${first ? (s.mean / first.mean).toFixed(2) : ''}x | ${one} | ${c.searchCpu.perSearch.toFixed(3)} ms (${c.searchCpu.ridesPerSearch.toFixed(1)} rides) | ${(c.searchCpu.perSearch / cpu0.perSearch).toFixed(2)}x | ${c.searchCpu.perRide.toFixed(3)} ms | ${(c.searchCpu.perRide / cpu0.perRide).toFixed(2)}x | ${c.load ?? ''} |`;
      }),
      '',
    );
  }
  const lh = r.configs.find((c) => c.lighthouse)?.lighthouse;
  if (lh) {
    out.push(
      '## Lighthouse (mobile defaults: simulated slow 4G, 4x CPU slowdown; Debian Chromium; served by the SQLite server above)',
      '',
      '| page | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...lh.map(
        (p) =>
          `| ${p.path}${p.signedIn ? ' (signed in)' : ''} | ${p.performance} | ${p.accessibility} | ${p.bestPractices} | ${p.seo} | ${p.fcpMs.toFixed(0)} | ${p.lcpMs.toFixed(0)} | ${p.tbtMs.toFixed(0)} | ${p.cls.toFixed(3)} |`,
      ),
      '',
      'What cost points:',
      '',
      ...lh.flatMap((p) => p.findings.map((f) => `- ${p.path}: ${f}`)),
      '',
    );
  }
  out.push(...renderMail(r.mail ?? []));
  if (r.web) {
    out.push(
      '## Web: JavaScript for the first view of /',
      '',
      '| file | gzip bytes | why |',
      '|---|---:|---|',
      ...r.web.files.map((f) => `| ${f.file} | ${f.gzipBytes} | ${f.why} |`),
      `| **total** | **${r.web.totalGzipBytes}** (${(r.web.totalGzipBytes / 1024).toFixed(1)} KB of ${FIRST_VIEW_JS_BUDGET_BYTES / 1024} KB) | |`,
      '',
    );
  }
  if (r.notes) out.push(r.notes.trim(), '');
  return out.join('\n');
}

/** The issue's budgets, judged on the SQLite run with the most rides. */
function budgets(r: Report): string[] {
  const sqlite = r.configs.filter((c) => c.kind === 'sqlite' && c.servers === 1);
  const big = sqlite.find((c) => c.results.length > 2);
  if (!big) return [];
  const get = (c: ConfigResult, name: string) => c.results.find((x) => x.name === name);
  const rows: [string, string, string, boolean | undefined][] = [];
  const search = get(big, 'search');
  const health = get(big, 'health');
  if (search) rows.push(['search p99, 32 connections', '<= 20 ms', `${ms(search.p99)} ms`, search.p99 <= 20]);
  if (search && health) {
    const pct = (100 * search.rps) / health.rps;
    rows.push([
      'search throughput vs /api/health',
      '>= 30%',
      `${pct.toFixed(0)}% (${search.rps.toFixed(0)} vs ${health.rps.toFixed(0)} req/s)`,
      pct >= 30,
    ]);
  }
  const small = sqlite[0];
  if (big.probe && small && small !== big && small.probe) {
    // One request at a time (lib/probe.ts), each size relative to /api/health timed the same way in the
    // same run: the sizes are measured minutes apart on a machine whose speed moves.
    const raw = big.probe.search.mean / small.probe.search.mean;
    const relative = probeRatio(big.probe, small.probe);
    const fmt = (v: number) => v.toFixed(3);
    rows.push([
      `search latency at ${big.rides.toLocaleString('en-IN')} vs ${small.rides.toLocaleString('en-IN')} rides`,
      '<= 1.5x',
      `${relative.toFixed(2)}x relative to /api/health at each size, one request at a time (search mean ${fmt(big.probe.search.mean)} vs ${fmt(small.probe.search.mean)} ms, ${raw.toFixed(2)}x raw; health ${fmt(big.probe.health.mean)} vs ${fmt(small.probe.health.mean)} ms); uncached database CPU per search ${(big.searchCpu.perSearch / small.searchCpu.perSearch).toFixed(2)}x, per ride returned ${(big.searchCpu.perRide / small.searchCpu.perRide).toFixed(2)}x`,
      relative <= 1.5,
    ]);
  }
  const places = get(big, 'places');
  if (places) {
    const cpu = places.cpuMsPerRequest?.toFixed(3) ?? '?';
    const measured = `${ms(places.p99)} ms (${places.rps.toFixed(0)} req/s, /api/health p99 ${health ? ms(health.p99) : '?'} ms; server CPU ${cpu} ms a request)`;
    rows.push(['places (autocomplete) p99, 32 connections', '<= 10 ms', measured, places.p99 <= 10]);
  }
  const bookings = get(big, 'bookings');
  if (bookings) {
    const committed = count(bookings, (s) => s === 201) / bookings.seconds;
    rows.push([
      'bookings committed per second',
      '>= 1,500/s',
      `${committed.toFixed(0)}/s`,
      committed >= 1500,
    ]);
  }
  if (big.oversell)
    rows.push([
      'oversold rides after the booking scenario',
      '0',
      String(big.oversell.oversold + big.oversell.mismatched),
      big.oversell.oversold + big.oversell.mismatched === 0,
    ]);
  const fivexx = big.results.reduce((n, x) => n + count(x, (s) => s >= 500), 0);
  rows.push(['5xx responses, all scenarios', '0', String(fivexx), fivexx === 0]);
  const peak = Math.max(...big.peakRssMb);
  rows.push(['server peak resident memory, whole run', '<= 250 MB', `${peak.toFixed(0)} MB`, peak <= 250]);
  if (r.web) {
    const kb = r.web.totalGzipBytes / 1024;
    rows.push([
      'JavaScript for the first view of /',
      '<= 90 KB gzip',
      `${kb.toFixed(1)} KB`,
      r.web.totalGzipBytes <= FIRST_VIEW_JS_BUDGET_BYTES,
    ]);
  }
  const mail = r.mail?.find((m) => m.label === 'SQLite');
  if (mail) {
    rows.push([
      `mails per second to an SMTP server with a ${mail.greetingMs} ms greeting`,
      `>= ${MAIL_BUDGET.mailsPerSecond}/s`,
      `${mail.mailsPerSecond.toFixed(0)}/s`,
      mail.mailsPerSecond >= MAIL_BUDGET.mailsPerSecond,
    ]);
    rows.push([
      `reset mail leaves with ${mail.notifications.toLocaleString('en-IN')} notifications queued`,
      `<= ${MAIL_BUDGET.resetDelayMs / 1000} s`,
      `${(mail.resetDelayMs / 1000).toFixed(2)} s`,
      mail.resetDelayMs <= MAIL_BUDGET.resetDelayMs,
    ]);
  }
  if (r.commute) rows.push(...commuteBudgetRows(r.commute));
  const lh = big.lighthouse;
  if (lh && lh.length) {
    const perf = Math.min(...lh.map((p) => p.performance));
    const rest = Math.min(...lh.flatMap((p) => [p.accessibility, p.bestPractices, p.seo]));
    rows.push([
      'Lighthouse performance (lowest of /, /signin, /find-ride)',
      '>= 98',
      String(perf),
      perf >= 98,
    ]);
    rows.push(['Lighthouse accessibility, best practices, SEO (lowest)', '100', String(rest), rest === 100]);
  }
  return [
    `## Budgets (SQLite, ${big.rides.toLocaleString('en-IN')} rides)`,
    '',
    '| budget | target | measured | |',
    '|---|---|---|---|',
    ...rows.map(
      ([what, target, got, okay]) =>
        `| ${what} | ${target} | ${got} | ${okay === undefined ? '' : okay ? 'met' : '**missed**'} |`,
    ),
    '',
  ];
}

/** Search latency of one size against another, each taken relative to /api/health measured alongside it. */
function probeRatio(p: NonNullable<ConfigResult['probe']>, base: NonNullable<ConfigResult['probe']>): number {
  return p.search.mean / p.health.mean / (base.search.mean / base.health.mean);
}
