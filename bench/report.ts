import { execSync } from 'node:child_process';
import { cpus, totalmem, release } from 'node:os';
import type { LoadResult } from './lib/load.ts';
import { count } from './lib/load.ts';
import { FIRST_VIEW_JS_BUDGET_BYTES } from './web-budget.ts';
import { renderMail } from './mail.ts';
import { budgets, ms, probeRatio } from './report-budgets.ts';
import type { ConfigResult, Report } from './report-types.ts';

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

function configSections(r: Report): string[] {
  const out: string[] = [];
  for (const c of r.configs.filter((x) => x.results.length > 2)) {
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
  return out;
}

function scalingSection(r: Report, kind: 'sqlite' | 'postgres'): string[] {
  const rows = r.configs.filter((c) => c.kind === kind && c.servers === 1);
  if (rows.length === 0) return [];
  const first = rows[0]!.results.find((x) => x.name === 'search');
  return [
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
  ];
}

function lighthouseSection(r: Report): string[] {
  const lh = r.configs.find((c) => c.lighthouse)?.lighthouse;
  if (!lh) return [];
  return [
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
  ];
}

function webSection(r: Report): string[] {
  if (!r.web) return [];
  return [
    '## Web: JavaScript for the first view of /',
    '',
    '| file | gzip bytes | why |',
    '|---|---:|---|',
    ...r.web.files.map((f) => `| ${f.file} | ${f.gzipBytes} | ${f.why} |`),
    `| **total** | **${r.web.totalGzipBytes}** (${(r.web.totalGzipBytes / 1024).toFixed(1)} KB of ${FIRST_VIEW_JS_BUDGET_BYTES / 1024} KB) | |`,
    '',
  ];
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
    ...configSections(r),
    ...scalingSection(r, 'sqlite'),
    ...scalingSection(r, 'postgres'),
    ...lighthouseSection(r),
    ...renderMail(r.mail ?? []),
    ...webSection(r),
  );
  if (r.notes) out.push(r.notes.trim(), '');
  return out.join('\n');
}
