/**
 * Commuter mode in the benchmark's report (issue 20's budgets, decision 024): bench/commute-jobs.ts run
 * as a child process (its own heap and CPU count, a fresh SQLite file), its two JSON lines read back.
 */
import { spawn } from 'node:child_process';

export interface CommuteResult {
  materialise: {
    commutes: number;
    rides: number;
    /** The grid's rows written (the seed's places are the gazetteer's, so every ride has some). */
    cells: number;
    seconds: number;
    cpuSeconds: number;
    /** The main thread's CPU in the units of work: the materialising, without the searches beside it. */
    unitsCpuS: number;
    searches: number;
    searchP99Ms: number;
    searchMaxMs: number;
    /** The same searches after materialising, with nothing else running (absent in runs before it). */
    searchAloneP99Ms?: number;
    turnsOver50Ms: number;
    turnsOver50MsBusy: number;
    longestTurnMs: number;
    longestBusyTurnMs: number;
    unitP99Ms: number;
    unitCpuP99Ms: number;
    unitMaxMs: number;
    walMaxMB: number;
    load: string;
  };
  due: {
    bookings: number;
    seconds: number;
    cpuSeconds: number;
    expired: number;
    expiryMails: number;
    reminderMails: number;
    duplicates: number;
    load: string;
  };
}

export const COMMUTE_BUDGET = {
  /** The budget's size: below it the time is shown, not judged. */
  commutes: 100_000,
  materialiseSeconds: 60,
  heldMs: 50,
  dueSeconds: 120,
};

export async function commuteScenario(opts: { commutes: number; bookings: number }): Promise<CommuteResult> {
  console.log(`\n== commuter mode: ${opts.commutes} commutes materialised, ${opts.bookings} bookings due`);
  const child = spawn(
    process.execPath,
    [
      '--experimental-strip-types',
      '--disable-warning=ExperimentalWarning',
      'bench/commute-jobs.ts',
      ...['--commutes', String(opts.commutes), '--bookings', String(opts.bookings)],
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`bench/commute-jobs.ts exited with ${code}`);
  const lines = out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { scenario: string } & Record<string, unknown>);
  const materialise = lines.find((l) => l.scenario === 'materialise');
  const due = lines.find((l) => l.scenario !== 'materialise');
  if (!materialise || !due) throw new Error('bench/commute-jobs.ts printed no result');
  const result = {
    materialise: materialise as unknown as CommuteResult['materialise'],
    due: due as unknown as CommuteResult['due'],
  };
  console.log(`  ${commuteLine(result)}`);
  return result;
}

/** The longest turn held by this process's own work (lib/turns.ts), or that none was over 50 ms. */
const ownTurn = (m: CommuteResult['materialise']) =>
  m.turnsOver50MsBusy > 0 ? `${m.longestBusyTurnMs} ms` : 'none over 50 ms';

export function commuteLine({ materialise: m, due: d }: CommuteResult): string {
  return `materialised ${m.commutes} commutes (${m.rides} rides) in ${m.seconds} s, ${m.cpuSeconds} CPU s; search p99 ${m.searchP99Ms} ms, max ${m.searchMaxMs} ms; longest turn ${m.longestTurnMs} ms (held by own work: ${ownTurn(m)}); load ${m.load}. Expiry and reminders of ${d.bookings} + ${d.bookings}: ${d.seconds} s, ${d.duplicates} mails twice`;
}

/** Whether every expiry and reminder mail went out, once. */
const mailsOnce = (d: CommuteResult['due']) =>
  d.duplicates === 0 &&
  d.expired === d.bookings &&
  d.expiryMails === 2 * d.bookings &&
  d.reminderMails === 2 * d.bookings;

/** Rows of the report's budgets table: [budget, target, measured, met]. */
export function commuteBudgetRows(r: CommuteResult): [string, string, string, boolean | undefined][] {
  const { materialise: m, due: d } = r;
  const full = m.commutes >= COMMUTE_BUDGET.commutes;
  const n = m.commutes.toLocaleString('en-IN');
  return [
    [
      `materialise 14 days of ${n} commutes (SQLite, ${m.rides.toLocaleString('en-IN')} rides, ${m.cells.toLocaleString('en-IN')} grid cells)`,
      `<= ${COMMUTE_BUDGET.materialiseSeconds} s${full ? '' : ' (judged at 1,00,000 commutes)'}`,
      `${m.seconds} s wall, ${m.cpuSeconds} CPU s, ${m.unitsCpuS} s of it the units of work (load ${m.load})`,
      full ? m.seconds <= COMMUTE_BUDGET.materialiseSeconds : undefined,
    ],
    [
      'requests held while materialising (a search every 20 ms)',
      `none > ${COMMUTE_BUDGET.heldMs} ms`,
      `search p99 ${m.searchP99Ms} ms, max ${m.searchMaxMs} ms (p99 ${m.searchAloneP99Ms ?? '?'} ms alone afterwards, on every ride); longest event-loop turn ${m.longestTurnMs} ms, held by own work ${ownTurn(m)} (${m.turnsOver50Ms} turns > 50 ms, ${m.turnsOver50MsBusy} of them own work, the rest waiting for a core); unit of work p99 ${m.unitP99Ms} ms, its CPU p99 ${m.unitCpuP99Ms} ms`,
      m.searchP99Ms <= COMMUTE_BUDGET.heldMs && m.longestBusyTurnMs <= COMMUTE_BUDGET.heldMs,
    ],
    [
      `expiry and reminders of ${d.bookings.toLocaleString('en-IN')} + ${d.bookings.toLocaleString('en-IN')} bookings due the same minute, two workers`,
      `<= ${COMMUTE_BUDGET.dueSeconds} s, each mail once`,
      `${d.seconds} s, ${d.cpuSeconds} CPU s; ${d.expiryMails} expiry and ${d.reminderMails} reminder mails, ${d.duplicates} twice`,
      d.seconds <= COMMUTE_BUDGET.dueSeconds && mailsOnce(d),
    ],
  ];
}

/** A failure for the run's exit code: mails lost or sent twice. */
export const commuteFailure = (r: CommuteResult): string | undefined =>
  mailsOnce(r.due) ? undefined : `commuter mode: expiry and reminder mails lost or sent twice`;
