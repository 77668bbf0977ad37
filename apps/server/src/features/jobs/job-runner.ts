import { hostname } from 'node:os';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import type { Trx } from '../../db/database.js';
import type { AfterCommit } from '../../db/unit-of-work.js';
import { newId } from '../../lib/ids.js';
import {
  claimDueJobs,
  finishJob,
  finishJobs,
  purgeDoneJobs,
  recordJobFailure,
  type ClaimedJob,
} from './jobs.repo.js';

/** What a job's handler gets: the transaction its effects and its completion share. */
export interface JobContext {
  trx: Trx;
  after: AfterCommit;
  now: number;
  subjectId: string;
}

/** A handler says when its job is due again, or nothing: done. */
export type JobHandler = (ctx: JobContext) => Promise<{ againAt: number } | void>;

/**
 * A kind whose jobs run many to a transaction (bulk writes, decision 024): the handler gets the batch's
 * subjects and answers, by subject, when each is due again (a subject left out is done).
 */
export interface BatchJobHandler {
  batch: (
    ctx: Omit<JobContext, 'subjectId'> & { subjectIds: string[] },
  ) => Promise<Map<string, { againAt: number }>>;
}
export type JobHandlers = Readonly<Record<string, JobHandler | BatchJobHandler>>;

export type JobDeps = Pick<AppDeps, 'db' | 'dbKind' | 'clock' | 'unitOfWork'>;

export const JOB_LEASE_MS = 60_000;
const JOB_BATCH = 64;
/** Jobs of one batch run side by side: on SQLite their commits share a group commit, on PostgreSQL the pool. */
const JOB_PARALLEL = 8;
/**
 * Jobs of a batched kind per transaction: a few ms of work on SQLite's one thread, then requests go. A
 * commute between gazetteer places also writes its grid cells: 16 a group took ~65 ms of CPU at p99 on a
 * busy machine, 8 take half that for the same total (decision 024).
 */
const JOB_GROUP = 8;
const JOB_POLL_MS = 1_000;
const JOB_FIRST_RETRY_MS = 30_000;
const JOB_RETRY_MAX_MS = 3_600_000;
const JOB_KEEP_MS = 30 * 86_400_000;
const PURGE_EVERY_MS = 3_600_000;

class LeaseLost extends Error {}

const silentLog = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

interface RunOptions {
  workerId?: string;
  log?: FastifyBaseLogger;
  /** Asked before each batch: a worker being stopped finishes its batch but claims no more. */
  stopping?: () => boolean;
}

/**
 * Runs every job due by the clock's now, each exactly once, and returns how many ran and failed. Each job
 * runs in its own transaction that also marks it done, only while this worker holds its lease: the
 * effects (rows, mails in the outbox) and the completion commit together or not at all, so a crash or a
 * lapsed lease means the job runs again whole, never twice. The background loop calls it on a timer;
 * tests call it directly after moving the clock.
 */
export async function runDueJobs(
  deps: JobDeps,
  handlers: JobHandlers,
  options: RunOptions = {},
): Promise<{ ran: number; failed: number }> {
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${newId()}`;
  const log = options.log ?? silentLog;
  const result = { ran: 0, failed: 0 };
  let shortBatches = 0;
  for (;;) {
    if (options.stopping?.()) return result;
    const now = deps.clock.now();
    const batch = await claimDueJobs(deps.db, deps.dbKind, workerId, now, JOB_LEASE_MS, JOB_BATCH);
    if (batch.length === 0) return result;
    const single = batch.filter((job) => !isBatch(handlers[job.kind]));
    for (const group of batchGroups(batch, handlers)) {
      const outcomes = await runGroup(deps, handlers, group, workerId, log);
      for (const ok of outcomes) result[ok ? 'ran' : 'failed'] += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    for (let i = 0; i < single.length; i += JOB_PARALLEL) {
      const outcomes = await Promise.all(
        single.slice(i, i + JOB_PARALLEL).map((job) => runOne(deps, handlers, job, workerId, log)),
      );
      for (const ok of outcomes) result[ok ? 'ran' : 'failed'] += 1;
      // Requests waiting on the event loop go first: a long run of jobs never holds them for more than a slice.
      await new Promise((resolve) => setImmediate(resolve));
    }
    // One more round after a short batch: a job may enqueue another already due (a ride's reminder
    // schedules its passengers'), which then runs now rather than a poll later. Only one: a handler
    // answering a time already past must not spin here.
    if (batch.length < JOB_BATCH && ++shortBatches > 1) return result;
  }
}

const isBatch = (h: JobHandler | BatchJobHandler | undefined): h is BatchJobHandler =>
  typeof h === 'object' && h !== null && 'batch' in h;

/**
 * The first groups of a kind in this process, before JOB_GROUP: its code runs unoptimised and its
 * statements are prepared on first use, so a first group of full size held the loop past 50 ms (decision 024).
 */
const WARM_UP_GROUPS = [1, 4];
/** How many groups of each batched kind this process has started. */
const groupsRun = new Map<string, number>();

/** The batch's jobs of batched kinds, by kind, in slices small enough to commit within a few ms. */
function batchGroups(batch: ClaimedJob[], handlers: JobHandlers): ClaimedJob[][] {
  const byKind = new Map<string, ClaimedJob[]>();
  for (const job of batch) {
    if (!isBatch(handlers[job.kind])) continue;
    byKind.set(job.kind, [...(byKind.get(job.kind) ?? []), job]);
  }
  const groups: ClaimedJob[][] = [];
  for (const [kind, jobs] of byKind) {
    for (let i = 0; i < jobs.length;) {
      const run = groupsRun.get(kind) ?? 0;
      if (run < WARM_UP_GROUPS.length) groupsRun.set(kind, run + 1);
      const size = WARM_UP_GROUPS[run] ?? JOB_GROUP;
      groups.push(jobs.slice(i, i + size));
      i += size;
    }
  }
  return groups;
}

/**
 * Runs jobs of one batched kind in one transaction, each finished in it. Should the group fail, each job
 * runs again on its own, so one bad subject neither holds back the others nor hides its own error.
 */
async function runGroup(
  deps: JobDeps,
  handlers: JobHandlers,
  group: ClaimedJob[],
  workerId: string,
  log: FastifyBaseLogger,
): Promise<boolean[]> {
  const handler = handlers[group[0]!.kind] as BatchJobHandler;
  try {
    await deps.unitOfWork(async (trx, after) => {
      const now = deps.clock.now();
      const subjectIds = group.map((j) => j.subjectId);
      const again = await handler.batch({ trx, after, now, subjectIds });
      // One statement per distinct next time (all due again at the next midnight, or done): 16 updates
      // a group were as many statements as the rest of a small group's work.
      const byNext = new Map<number | null, string[]>();
      for (const job of group) {
        const next = again.get(job.subjectId)?.againAt ?? null;
        byNext.set(next, [...(byNext.get(next) ?? []), job.key]);
      }
      let finished = 0;
      for (const [next, keys] of byNext) finished += await finishJobs(trx, keys, workerId, now, next);
      if (finished !== group.length) throw new LeaseLost();
    });
    return group.map(() => true);
  } catch (err) {
    // A lapsed lease: the group rolled back whole; its jobs run again, once, when their leases lapse.
    if (err instanceof LeaseLost) return group.map(() => true);
    const outcomes = [];
    for (const job of group) outcomes.push(await runOne(deps, handlers, job, workerId, log));
    return outcomes;
  }
}

async function runOne(
  deps: JobDeps,
  handlers: JobHandlers,
  job: ClaimedJob,
  workerId: string,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const handler = handlers[job.kind];
  try {
    if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
    await deps.unitOfWork(async (trx, after) => {
      const now = deps.clock.now();
      const next = isBatch(handler)
        ? (await handler.batch({ trx, after, now, subjectIds: [job.subjectId] })).get(job.subjectId)
        : await handler({ trx, after, now, subjectId: job.subjectId });
      if (!(await finishJob(trx, job.key, workerId, now, next ? next.againAt : null))) throw new LeaseLost();
    });
    return true;
  } catch (err) {
    if (err instanceof LeaseLost) return true; // another worker holds it now and runs it whole
    const retryAt =
      deps.clock.now() + Math.min(JOB_RETRY_MAX_MS, JOB_FIRST_RETRY_MS * 2 ** Math.min(job.attempts, 16));
    const error = err instanceof Error ? err.message : String(err);
    log.error({ job: job.key, attempts: job.attempts + 1, err }, 'job failed');
    await recordJobFailure(deps.db, job, workerId, retryAt, error).catch(() => {});
    return false;
  }
}

/**
 * Starts the job worker beside the HTTP server: it runs at once (what fell due while the server was down
 * runs at start), then every second. Returns its stop function, which waits for the batch in flight.
 */
export function startJobWorker(app: FastifyInstance, handlers: JobHandlers): () => Promise<void> {
  const log = app.log.child({ component: 'jobs' });
  const workerId = `${hostname()}:${process.pid}:${newId().slice(0, 8)}`;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let lastPurge = 0;
  const tick = () => {
    running = (async () => {
      const now = app.deps.clock.now();
      if (now - lastPurge >= PURGE_EVERY_MS) {
        lastPurge = now;
        await purgeDoneJobs(app.deps.db, now - JOB_KEEP_MS);
      }
      await runDueJobs(app.deps, handlers, { workerId, log, stopping: () => stopped });
    })()
      .catch((err: unknown) => log.error({ err }, 'job worker failed'))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, JOB_POLL_MS);
      });
  };
  tick();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
