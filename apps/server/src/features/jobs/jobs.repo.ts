import type { Executor } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';

export interface NewJob {
  kind: string;
  subjectId: string;
  dueAt: number;
}

export interface ClaimedJob {
  key: string;
  kind: string;
  subjectId: string;
  dueAt: number;
  attempts: number;
}

export const jobKey = (kind: string, subjectId: string) => `${kind}:${subjectId}`;

/**
 * Adds a job unless one with its key exists (open or done): enqueuing twice is harmless, and a job
 * that has run is never run again by a second enqueue. Call it in the transaction of the change that
 * needs the job, so the job exists exactly when the change does.
 */
export async function enqueueJob(db: Executor, job: NewJob, nowMs: number): Promise<void> {
  const key = jobKey(job.kind, job.subjectId);
  await enqueueJobQuery(db, { key, kind: job.kind, subjectId: job.subjectId, dueAt: job.dueAt, now: nowMs });
}

// Every booking enqueues a job: compiled once (db/prepared.ts).
const enqueueJobQuery = prepared((db: Executor, v: JobRow) => jobInsert(db, v));

type JobRow = { key: string; kind: string; subjectId: string; dueAt: number; now: number };

/**
 * enqueueJob's insert, for a caller that writes it in a statement of its own (a PostgreSQL
 * WITH beside its own insert, one round trip for both).
 */
export function jobInsert(db: Pick<Executor, 'insertInto'>, v: JobRow) {
  return db
    .insertInto('jobs')
    .values({ key: v.key, kind: v.kind, subject_id: v.subjectId, due_at: v.dueAt, created_at: v.now })
    .onConflict((oc) => oc.column('key').doNothing());
}

const jobRow = (job: NewJob, nowMs: number) => ({
  key: jobKey(job.kind, job.subjectId),
  kind: job.kind,
  subject_id: job.subjectId,
  due_at: job.dueAt,
  created_at: nowMs,
});

/** Adds many jobs at once (a commute's new rides' reminders), each unless its key exists. */
export async function enqueueJobs(db: Executor, jobs: readonly NewJob[], nowMs: number): Promise<void> {
  if (jobs.length === 0) return;
  await db
    .insertInto('jobs')
    .values(jobs.map((job) => jobRow(job, nowMs)))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** Moves an open job to a new due time (a ride moved to another hour); none, or a done one, stays so. */
export async function rescheduleJob(db: Executor, job: NewJob): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ due_at: job.dueAt })
    .where('key', '=', jobKey(job.kind, job.subjectId))
    .where('done_at', 'is', null)
    .execute();
}

/** Adds a job, or moves an open one to a new due time (a ride moved to another hour); a done one stays done. */
export async function scheduleJob(db: Executor, job: NewJob, nowMs: number): Promise<void> {
  await db
    .insertInto('jobs')
    .values(jobRow(job, nowMs))
    .onConflict((oc) => oc.column('key').doUpdateSet({ due_at: job.dueAt }).where('jobs.done_at', 'is', null))
    .execute();
}

/**
 * Adds a job, or makes it due at a new time whether it is open or done: for a kind whose run is
 * idempotent and whose subject can need more runs after it was done (a commute whose end date moved
 * later, after its rides up to the old end were all made). A worker holding the job loses its lease, so
 * a run begun from what was true before this change cannot mark it done: that run rolls back (LeaseLost)
 * and the job runs again, whole, at its new time.
 */
export async function reopenJob(db: Executor, job: NewJob, nowMs: number): Promise<void> {
  await db
    .insertInto('jobs')
    .values(jobRow(job, nowMs))
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ due_at: job.dueAt, done_at: null, claimed_by: null, claimed_until: null }),
    )
    .execute();
}

/**
 * Claims up to `limit` open jobs due by now for one worker with a lease, oldest due first. As the mail
 * outbox does: FOR UPDATE SKIP LOCKED on PostgreSQL so concurrent workers take disjoint rows (a
 * MATERIALIZED pick, so the statement never claims more than `limit`), one atomic statement on SQLite;
 * the UPDATE re-checks the lease, and a lapsed lease (a crashed worker) can be claimed again.
 */
export async function claimDueJobs(
  db: Executor,
  kind: 'sqlite' | 'postgres',
  workerId: string,
  nowMs: number,
  leaseMs: number,
  limit: number,
): Promise<ClaimedJob[]> {
  const rows = await db
    .with(
      (cte) => cte('due').materialized(),
      (qb) => {
        const pick = qb
          .selectFrom('jobs')
          .select('key')
          .where('done_at', 'is', null)
          .where('due_at', '<=', nowMs)
          .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowMs)]))
          .orderBy('due_at')
          .limit(limit);
        return kind === 'postgres' ? pick.forUpdate().skipLocked() : pick;
      },
    )
    .updateTable('jobs')
    .set({ claimed_by: workerId, claimed_until: nowMs + leaseMs })
    .where('key', 'in', (eb) => eb.selectFrom('due').select('due.key'))
    .where('done_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowMs)]))
    .returning(['key', 'kind', 'subject_id', 'due_at', 'attempts'])
    .execute();
  return rows
    .map((r) => ({
      key: r.key,
      kind: r.kind,
      subjectId: r.subject_id,
      dueAt: Number(r.due_at),
      attempts: Number(r.attempts),
    }))
    .sort((a, b) => a.dueAt - b.dueAt);
}

/**
 * Marks a claimed job done, or due again at `againAt`, only while this worker still holds it: false when
 * its lease lapsed and another worker took it, and then the caller's transaction must roll back.
 */
export async function finishJob(
  trx: Executor,
  key: string,
  workerId: string,
  nowMs: number,
  againAt: number | null,
): Promise<boolean> {
  return (await finishJobs(trx, [key], workerId, nowMs, againAt)) === 1;
}

/**
 * Marks many claimed jobs done, or due again at the same `againAt`, in one statement (a group of a batched
 * kind, decision 024): how many this worker still held, which the caller compares with `keys.length`.
 */
export async function finishJobs(
  trx: Executor,
  keys: readonly string[],
  workerId: string,
  nowMs: number,
  againAt: number | null,
): Promise<number> {
  if (keys.length === 0) return 0;
  const res = await trx
    .updateTable('jobs')
    .set(
      againAt === null
        ? { done_at: nowMs, claimed_by: null, claimed_until: null }
        : { due_at: againAt, claimed_by: null, claimed_until: null },
    )
    .where('key', 'in', keys)
    .where('claimed_by', '=', workerId)
    .where('done_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** A run that failed: tried again later (backoff), the lease given back. */
export async function recordJobFailure(
  db: Executor,
  job: ClaimedJob,
  workerId: string,
  retryAt: number,
  error: string,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      attempts: job.attempts + 1,
      due_at: retryAt,
      last_error: error.slice(0, 500),
      claimed_by: null,
      claimed_until: null,
    })
    .where('key', '=', job.key)
    .where('claimed_by', '=', workerId)
    .execute();
}

/** Done jobs are kept a while (their keys refuse a second run), then removed. */
export async function purgeDoneJobs(db: Executor, doneBeforeMs: number): Promise<number> {
  const res = await db.deleteFrom('jobs').where('done_at', '<', doneBeforeMs).executeTakeFirst();
  return Number(res.numDeletedRows);
}
