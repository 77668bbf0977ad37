import { execSync } from 'node:child_process';
import { cpus, totalmem, release } from 'node:os';
import type { LoadResult } from './lib/load.ts';
import { count } from './lib/load.ts';
import { FIRST_VIEW_JS_BUDGET_BYTES, type FirstViewJs } from './web-budget.ts';
import type { LighthouseScores } from './lighthouse.ts';

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
  lighthouse?: LighthouseScores[] | undefined;
}

export interface Report {
  ci: boolean;
  machine: Record<string, string>;
  started: Date;
  finished: Date;
  seconds: number;
  connections: number;
  configs: ConfigResult[];
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
  const dirty = sh('git status --porcelain -- apps packages bench') ? ' (working tree has uncommitted changes)' : '';
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
    const created = r.name === 'bookings' ? ` (${(count(r, (s) => s === 201) / r.seconds).toFixed(0)} committed/s)` : '';
    return `| ${r.name} | ${r.rps.toFixed(0)}${created} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${codes(r)} | ${r.errors} | ${base ? `${((100 * r.rps) / base.rps).toFixed(0)}%` : ''} |`;
  });
  return [
    '| scenario | req/s | p50 ms | p99 ms | max ms | responses | conn. errors | of baseline |',
    '|---|---:|---:|---:|---:|---|---:|---:|',
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
      '| rides | search req/s | p50 ms | p99 ms | mean ms | mean vs smallest |',
      '|---:|---:|---:|---:|---:|---:|',
      ...rows.map((c) => {
        const s = c.results.find((x) => x.name === 'search')!;
        return `| ${c.rides.toLocaleString('en-IN')} | ${s.rps.toFixed(0)} | ${ms(s.p50)} | ${ms(s.p99)} | ${ms(s.mean)} | ${first ? (s.mean / first.mean).toFixed(2) : ''}x |`;
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
    );
  }
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
  return out.join('\n');
}
