import { describe, expect, it } from 'vitest';
import { summarizeTrace, type TraceEvent } from './trace-tasks.ts';

const NAV = 1_000_000;
const meta = (pid: number, tid: number, name: string, kind = 'thread_name'): TraceEvent => ({
  name: kind,
  ph: 'M',
  pid,
  tid,
  ts: 0,
  args: { name },
});
const task = (pid: number, tid: number, atMs: number, wallMs: number, cpuMs: number): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid,
  ts: NAV + atMs * 1000,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
});

const events: TraceEvent[] = [
  meta(1, 10, 'Renderer', 'process_name'),
  meta(1, 11, 'CrRendererMain'),
  meta(2, 20, 'GPU Process', 'process_name'),
  meta(2, 21, 'VizCompositorThread'),
  { name: 'navigationStart', ph: 'R', pid: 1, tid: 11, ts: NAV },
  { name: 'firstContentfulPaint', ph: 'R', pid: 1, tid: 11, ts: NAV + 400_000 },
  task(1, 11, 100, 80, 50), // before first paint: not blocking
  task(1, 11, 450, 40, 4), // waited for a core most of its time
  task(1, 11, 500, 30, 20),
  task(1, 11, 540, 5, 5), // short: not a long task
  task(2, 21, 420, 100, 60),
  task(2, 21, 430, 10, 10), // nested inside the one before: counted once
];

describe('summarizeTrace', () => {
  it("gives the blocking time Lighthouse's rule makes from each task's clock time and from its CPU", () => {
    const s = summarizeTrace(events);
    expect(s.fcpMs).toBe(400);
    expect(s.tasksAfterFcp).toEqual([
      { startMs: 450, wallMs: 40, cpuMs: 4 },
      { startMs: 500, wallMs: 30, cpuMs: 20 },
    ]);
    // 40 ms x 4 - 50 = 110, 30 x 4 - 50 = 70; from CPU: 4 x 4 < 50 gives 0, 20 x 4 - 50 = 30.
    expect(s.blockingByWallMs).toBe(180);
    expect(s.blockingByCpuMs).toBe(30);
  });

  it('counts the CPU each thread had after first paint, outermost tasks only', () => {
    const s = summarizeTrace(events);
    expect(s.cpuByThread).toEqual([
      { thread: 'GPU Process / VizCompositorThread', cpuMs: 60 },
      { thread: 'Renderer / CrRendererMain', cpuMs: 29 },
    ]);
  });
});
