/**
 * Reading a Chromium trace (Lighthouse's own, `artifacts.Trace`) for what Total Blocking Time is made of.
 * Lighthouse's simulation takes each main-thread task's duration on the clock; the trace also records the
 * CPU time the thread had in it (`tdur`). When other threads hold the cores, the two part.
 */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

export interface Task {
  /** Milliseconds after navigation start. */
  startMs: number;
  wallMs: number;
  cpuMs: number;
}

export interface TraceSummary {
  fcpMs: number;
  /** The renderer's main-thread tasks of at least 8 ms on the clock, after first paint. */
  tasksAfterFcp: Task[];
  /** Lighthouse's rule (the part of each task beyond 50 ms, at 4x CPU slowdown), on the clock and on CPU. */
  blockingByWallMs: number;
  blockingByCpuMs: number;
  /** CPU of each busy thread ("process / thread") from first paint to `windowMs` after it. */
  cpuByThread: { thread: string; cpuMs: number }[];
}

const SLOWDOWN = 4;
const key = (e: TraceEvent) => `${e.pid}:${e.tid}`;

export function summarizeTrace(events: TraceEvent[], windowMs = 500): TraceSummary {
  const threadNames = new Map<string, string>();
  const processNames = new Map<number, string>();
  for (const e of events) {
    if (e.name === 'thread_name') threadNames.set(key(e), e.args?.name ?? '');
    if (e.name === 'process_name') processNames.set(e.pid, e.args?.name ?? '');
  }
  const navigation = Math.min(...events.filter((e) => e.name === 'navigationStart').map((e) => e.ts));
  const fcp = Math.min(...events.filter((e) => e.name === 'firstContentfulPaint').map((e) => e.ts));
  // The page's renderer main thread is the busiest CrRendererMain.
  const counts = new Map<string, number>();
  for (const e of events)
    if (threadNames.get(key(e)) === 'CrRendererMain') counts.set(key(e), (counts.get(key(e)) ?? 0) + 1);
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];

  const isTask = (e: TraceEvent) => e.ph === 'X' && e.name === 'RunTask' && e.dur !== undefined;
  const tasksAfterFcp = events
    .filter((e) => key(e) === main && isTask(e) && e.ts >= fcp && e.dur! >= 8000)
    .sort((a, b) => a.ts - b.ts)
    .map((e) => ({
      startMs: (e.ts - navigation) / 1000,
      wallMs: e.dur! / 1000,
      cpuMs: (e.tdur ?? 0) / 1000,
    }));
  const blocking = (ms: number) => Math.max(0, ms * SLOWDOWN - 50);

  const cpu = new Map<string, number>();
  const from = fcp;
  const to = fcp + windowMs * 1000;
  // Outermost tasks only: a nested run loop's tasks are inside their parent's time already.
  const endOfLast = new Map<string, number>();
  for (const e of events.filter(isTask).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)) {
    if (e.ts < (endOfLast.get(key(e)) ?? -Infinity)) continue;
    endOfLast.set(key(e), e.ts + e.dur!);
    const overlap = Math.min(to, e.ts + e.dur!) - Math.max(from, e.ts);
    if (overlap <= 0 || e.dur === 0) continue;
    const thread = `${processNames.get(e.pid) ?? e.pid} / ${threadNames.get(key(e)) ?? e.tid}`;
    cpu.set(thread, (cpu.get(thread) ?? 0) + ((overlap / e.dur!) * (e.tdur ?? e.dur!)) / 1000);
  }
  return {
    fcpMs: (fcp - navigation) / 1000,
    tasksAfterFcp,
    blockingByWallMs: tasksAfterFcp.reduce((sum, t) => sum + blocking(t.wallMs), 0),
    blockingByCpuMs: tasksAfterFcp.reduce((sum, t) => sum + blocking(t.cpuMs), 0),
    cpuByThread: [...cpu]
      .map(([thread, cpuMs]) => ({ thread, cpuMs }))
      .filter((t) => t.cpuMs >= 5)
      .sort((a, b) => b.cpuMs - a.cpuMs),
  };
}
