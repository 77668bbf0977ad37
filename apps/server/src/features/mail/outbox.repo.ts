import type { Executor } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { newId } from '../../lib/ids.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const enqueueQuery = prepared((db: Executor, m: OutgoingMail & { id: string; now: number }) =>
  db.insertInto('outbox').values({
    id: m.id,
    to_address: m.to,
    subject: m.subject,
    text_body: m.text,
    html_body: m.html,
    status: 'pending',
    attempts: 0,
    next_attempt_at: m.now,
    claimed_by: null,
    claimed_until: null,
    last_error: null,
    created_at: m.now,
    sent_at: null,
  }),
);

/**
 * Puts a mail in the durable outbox. Call it with the transaction of the change that causes the
 * mail, so the mail exists exactly when the change does; the worker sends it later.
 */
export async function enqueueMail(db: Executor, mail: OutgoingMail, nowMs: number): Promise<void> {
  await enqueueQuery(db, { ...mail, id: newId(), now: nowMs });
}

export interface QueuedMail extends OutgoingMail {
  id: string;
  attempts: number;
}

/**
 * Claims up to `limit` due mails for one worker with a lease. On PostgreSQL the due rows are picked
 * with FOR UPDATE SKIP LOCKED, so concurrent workers take disjoint rows; on SQLite the statement itself
 * is atomic (one writer at a time). Either way the UPDATE re-checks the lease, and a lease that has
 * expired (a crashed worker) can be claimed again.
 *
 * The pick is a MATERIALIZED CTE on purpose: as a plain `id IN (SELECT ... LIMIT n FOR UPDATE SKIP
 * LOCKED)` PostgreSQL may rescan the subquery for each row, skip the rows this very statement has
 * just locked, and so claim far more than `limit` rows (measured: 60 instead of 20).
 */
export async function claimDueMails(
  db: Executor,
  kind: 'sqlite' | 'postgres',
  workerId: string,
  nowMs: number,
  leaseMs: number,
  limit: number,
): Promise<QueuedMail[]> {
  const rows = await db
    .with(
      (cte) => cte('due').materialized(),
      (qb) => {
        const pick = qb
          .selectFrom('outbox')
          .select('id')
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', nowMs)
          .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowMs)]))
          .orderBy('next_attempt_at')
          .limit(limit);
        return kind === 'postgres' ? pick.forUpdate().skipLocked() : pick;
      },
    )
    .updateTable('outbox')
    .set({ claimed_by: workerId, claimed_until: nowMs + leaseMs })
    .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowMs)]))
    .returning(['id', 'to_address', 'subject', 'text_body', 'html_body', 'attempts'])
    .execute();
  return rows.map((r) => ({
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    text: r.text_body,
    html: r.html_body,
    attempts: Number(r.attempts),
  }));
}

/**
 * Only the worker holding the lease records the outcome. One statement for all the mails a batch sent:
 * at a thousand bookings a second, a statement and a commit per mail was a second writer as busy as the
 * bookings themselves on SQLite's single writer.
 */
export async function markMailsSent(
  db: Executor,
  ids: readonly string[],
  workerId: string,
  nowMs: number,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('outbox')
    .set((eb) => ({
      status: 'sent',
      sent_at: nowMs,
      attempts: eb('attempts', '+', 1),
      claimed_by: null,
      claimed_until: null,
      last_error: null,
    }))
    .where('id', 'in', ids)
    .where('claimed_by', '=', workerId)
    .execute();
}

export async function markMailFailed(
  db: Executor,
  id: string,
  workerId: string,
  outcome: { attempts: number; nextAttemptAt: number | null; error: string },
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: outcome.nextAttemptAt === null ? 'dead' : 'pending',
      attempts: outcome.attempts,
      next_attempt_at: outcome.nextAttemptAt ?? 0,
      claimed_by: null,
      claimed_until: null,
      last_error: outcome.error.slice(0, 500),
    })
    .where('id', '=', id)
    .where('claimed_by', '=', workerId)
    .execute();
}

/** Sent and dead mails hold names and (spent) links; they are kept a while for support, then removed. */
export async function purgeFinishedMails(db: Executor, olderThanMs: number): Promise<number> {
  const res = await db
    .deleteFrom('outbox')
    .where('status', 'in', ['sent', 'dead'])
    .where('created_at', '<', olderThanMs)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
