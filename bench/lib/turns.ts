/**
 * How long the event loop was held, turn by turn, while something runs: a timer every `everyMs` notes
 * how late it fires, and the main thread's CPU time in that gap. A late timer whose gap was mostly CPU
 * of the main thread is work that held the loop; one with little CPU is the thread waiting to be
 * scheduled on a busy machine (or on the disk), which the code cannot shorten.
 */

/** The main thread's CPU time in ms (Node 24; the whole process's where the call does not exist). */
export function threadCpuMs(): number {
  const u = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage?.() ?? process.cpuUsage();
  return (u.user + u.system) / 1000;
}
export interface Turn {
  atS: number;
  /** How much later than due the timer fired: the loop was held this long. */
  ms: number;
  /** CPU of the main thread in that gap. */
  cpuMs: number;
}

export function watchTurns(everyMs = 10) {
  const started = performance.now();
  const turns: Turn[] = [];
  let last = started;
  let lastCpu = threadCpuMs();
  const timer = setInterval(() => {
    const now = performance.now();
    const cpu = threadCpuMs();
    const late = now - last - everyMs;
    if (late > 50) {
      const cpuMs = cpu - lastCpu;
      turns.push({
        atS: Math.round((now - started) / 100) / 10,
        ms: Math.round(late),
        cpuMs: Math.round(cpuMs),
      });
    }
    last = now;
    lastCpu = cpu;
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const longest = [...turns].sort((a, b) => b.ms - a.ms);
      // Held by this process: the gap was at least three quarters CPU time.
      const busy = turns.filter((t) => t.cpuMs >= 0.75 * t.ms);
      return {
        turnsOver50Ms: turns.length,
        turnsOver50MsBusy: busy.length,
        longestTurnMs: longest[0]?.ms ?? 0,
        longestBusyTurnMs: Math.max(0, ...busy.map((t) => t.ms)),
        longestTurns: longest.slice(0, 5),
      };
    },
  };
}

/** p-th percentile of a list of numbers (nearest rank), 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
