/**
 * The issues' budgets, judged on the largest size of each database: SQLite for everything, and
 * PostgreSQL (one server, then two) for what it must meet too: search and bookings.
 */
import { count } from './lib/load.ts';
import { FIRST_VIEW_JS_BUDGET_BYTES } from './web-budget.ts';
import { MAIL_BUDGET } from './mail.ts';
import { commuteBudgetRows } from './commute-budget.ts';
import type { ConfigResult, Report } from './report-types.ts';

/** What is budgeted, the target, what was measured, and whether it met the target (undefined: not judged). */
type Row = [string, string, string, boolean | undefined];

export const ms = (v: number) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));

const get = (c: ConfigResult, name: string) => c.results.find((x) => x.name === name);

/** Search latency of one size against another, each taken relative to /api/health measured alongside it. */
export function probeRatio(
  p: NonNullable<ConfigResult['probe']>,
  base: NonNullable<ConfigResult['probe']>,
): number {
  return p.search.mean / p.health.mean / (base.search.mean / base.health.mean);
}

/** Search at 32 connections against health in the same run, and the largest size against the smallest. */
function searchRows(big: ConfigResult, small: ConfigResult | undefined): Row[] {
  const rows: Row[] = [];
  const search = get(big, 'search');
  const health = get(big, 'health');
  if (search) rows.push(['search p99, 32 connections', '<= 20 ms', `${ms(search.p99)} ms`, search.p99 <= 20]);
  if (search && health) {
    const pct = (100 * search.rps) / health.rps;
    const measured = `${pct.toFixed(0)}% (${search.rps.toFixed(0)} vs ${health.rps.toFixed(0)} req/s)`;
    rows.push(['search throughput vs /api/health', '>= 30%', measured, pct >= 30]);
  }
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
  return rows;
}

/**
 * Bookings committed per second against `target` (shown, not judged, without one), then no leg oversold
 * and no 5xx in any scenario.
 */
function bookingRows(c: ConfigResult, target: number | undefined, label = ''): Row[] {
  const rows: Row[] = [];
  const bookings = get(c, 'bookings');
  if (bookings) {
    const committed = count(bookings, (s) => s === 201) / bookings.seconds;
    const goal = target === undefined ? '' : `>= ${target.toLocaleString('en-IN')}/s`;
    const met = target === undefined ? undefined : committed >= target;
    rows.push([`bookings committed per second${label}`, goal, `${committed.toFixed(0)}/s`, met]);
  }
  if (c.oversell) {
    const wrong = c.oversell.oversold + c.oversell.mismatched;
    rows.push([`oversold rides after the booking scenario${label}`, '0', String(wrong), wrong === 0]);
  }
  const fivexx = c.results.reduce((n, x) => n + count(x, (s) => s >= 500), 0);
  rows.push([`5xx responses, all scenarios${label}`, '0', String(fivexx), fivexx === 0]);
  return rows;
}

function placesRows(big: ConfigResult): Row[] {
  const places = get(big, 'places');
  const health = get(big, 'health');
  if (!places) return [];
  const cpu = places.cpuMsPerRequest?.toFixed(3) ?? '?';
  const measured = `${ms(places.p99)} ms (${places.rps.toFixed(0)} req/s, /api/health p99 ${health ? ms(health.p99) : '?'} ms; server CPU ${cpu} ms a request)`;
  return [['places (autocomplete) p99, 32 connections', '<= 10 ms', measured, places.p99 <= 10]];
}

function memoryRow(big: ConfigResult): Row {
  const peak = Math.max(...big.peakRssMb);
  return ['server peak resident memory, whole run', '<= 250 MB', `${peak.toFixed(0)} MB`, peak <= 250];
}

function webMailAndLighthouseRows(r: Report, big: ConfigResult): Row[] {
  const rows: Row[] = [];
  if (r.web) {
    const kb = r.web.totalGzipBytes / 1024;
    const met = r.web.totalGzipBytes <= FIRST_VIEW_JS_BUDGET_BYTES;
    rows.push(['JavaScript for the first view of /', '<= 90 KB gzip', `${kb.toFixed(1)} KB`, met]);
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
  return rows;
}

function table(title: string, rows: Row[]): string[] {
  return [
    title,
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

/** The budgets tables: SQLite's, then PostgreSQL's when the run had it. */
export function budgets(r: Report): string[] {
  const out: string[] = [];
  for (const kind of ['sqlite', 'postgres'] as const) {
    const sizes = r.configs.filter((c) => c.kind === kind && c.servers === 1);
    const big = sizes.find((c) => c.results.length > 2);
    if (!big) continue;
    const name = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    const title = `## Budgets (${name}, ${big.rides.toLocaleString('en-IN')} rides)`;
    if (kind === 'sqlite') {
      const rows = [
        ...searchRows(big, sizes[0]),
        ...placesRows(big),
        ...bookingRows(big, 1500),
        memoryRow(big),
      ];
      out.push(...table(title, [...rows, ...webMailAndLighthouseRows(r, big)]));
      continue;
    }
    const two = r.configs.find((c) => c.kind === kind && c.servers === 2 && c.rides === big.rides);
    // The 1,000 a second is one server's budget; two servers show what a second process adds.
    const rows = [...searchRows(big, sizes[0]), ...bookingRows(big, 1000, ', one server')];
    out.push(...table(title, two ? [...rows, ...bookingRows(two, undefined, ', two servers')] : rows));
  }
  return out;
}
