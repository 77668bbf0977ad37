import type { ExpressionBuilder, Insertable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Database, MailLane, OutboxDoneTable, OutboxRetryTable } from '../../db/schema.js';
import { prepared } from '../../db/prepared.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Account mails (verification, reset, security notices) go ahead of notifications (decision 016). */
  lane?: MailLane;
}

export type { MailLane };

/** Where each lane's mails wait for their first attempt. */
const freshTable = (lane: MailLane) => (lane === 'account' ? 'outbox_account' : 'outbox');

// Only the mail and its time: the key is the next integer, the lease starts empty, and no other table or
// index is written, so a booking's transaction touches the outbox's last page and nothing else (decision 010).
const enqueueInto = (table: 'outbox' | 'outbox_account') =>
  prepared((db: Executor, m: OutgoingMail & { now: number }) => outboxInsert(db, table, m));

function outboxInsert(
  db: Pick<Executor, 'insertInto'>,
  table: 'outbox' | 'outbox_account',
  m: OutgoingMail & { now: number },
) {
  return db.insertInto(table).values({
    to_address: m.to,
    subject: m.subject,
    text_body: m.text,
    html_body: m.html,
    created_at: m.now,
  });
}

/**
 * enqueueMail's insert of a notification, for a caller that writes it in a statement of its own (a
 * PostgreSQL WITH beside its own insert, one round trip for both).
 */
export const notificationInsert = (db: Pick<Executor, 'insertInto'>, m: OutgoingMail & { now: number }) =>
  outboxInsert(db, 'outbox', m);
const enqueueQueries = { notification: enqueueInto('outbox'), account: enqueueInto('outbox_account') };

/**
 * Whether an address can receive mail at all. A deleted account's address is erased to one under the
 * reserved `.invalid` domain (RFC 2606): a booking changing on a ride it drove or rode, after the account
 * went, must not queue a mail to it.
 */
export const isDeliverable = (address: string): boolean => !/\.invalid$/i.test(address.trim());

/**
 * Puts a mail in the durable outbox. Call it with the transaction of the change that causes the
 * mail, so the mail exists exactly when the change does; the worker sends it later.
 */
export async function enqueueMail(db: Executor, mail: OutgoingMail, nowMs: number): Promise<void> {
  if (!isDeliverable(mail.to)) return;
  await enqueueQueries[mail.lane ?? 'notification'](db, { ...mail, now: nowMs });
}

export interface QueuedMail extends OutgoingMail {
  id: number;
  lane: MailLane;
  /** Tried before and failed: the mail is in outbox_retry, else in its lane's table of fresh mails. */
  retry: boolean;
  attempts: number;
}

type LeaseArgs = {
  kind: 'sqlite' | 'postgres';
  workerId: string;
  nowMs: number;
  leaseMs: number;
  lane: MailLane;
};

/**
 * Claims up to `limit` due mails of one lane for one worker with a lease: retries that are due first (they
 * are older), then new mails from the head of the queue in key order. On PostgreSQL the rows are picked with
 * FOR UPDATE SKIP LOCKED, so concurrent workers take disjoint rows; on SQLite each statement is atomic
 * (one writer at a time). Either way the UPDATE re-checks the lease, and a lease that has expired (a
 * crashed worker) can be claimed again.
 */
export async function claimDueMails(
  db: Executor,
  kind: 'sqlite' | 'postgres',
  workerId: string,
  nowMs: number,
  leaseMs: number,
  limit: number,
  lane: MailLane = 'notification',
): Promise<QueuedMail[]> {
  const args = { kind, workerId, nowMs, leaseMs, lane };
  const retries = await claimRetries(db, args, limit);
  if (retries.length >= limit) return retries;
  return [...retries, ...(await claimNew(db, args, limit - retries.length))];
}

/** A mail no worker holds: never leased, or its lease has lapsed (a crashed worker). */
const leaseFree = (nowMs: number) => (eb: ExpressionBuilder<Database, 'outbox' | 'outbox_retry'>) =>
  eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', nowMs)]);

/*
 * The picks are MATERIALIZED CTEs on purpose: as a plain `id IN (SELECT ... LIMIT n FOR UPDATE SKIP
 * LOCKED)` PostgreSQL may rescan the subquery for each row, skip the rows this very statement has just
 * locked, and so claim far more than `limit` rows (measured: 60 instead of 20).
 */
async function claimNew(db: Executor, a: LeaseArgs, limit: number): Promise<QueuedMail[]> {
  // Both lanes' tables have the same columns; Kysely cannot type a query over either of them.
  const table = freshTable(a.lane) as 'outbox';
  const rows = await db
    .with(
      (cte) => cte('due').materialized(),
      (qb) => {
        const pick = qb.selectFrom(table).select('id').where(leaseFree(a.nowMs)).orderBy('id').limit(limit);
        return a.kind === 'postgres' ? pick.forUpdate().skipLocked() : pick;
      },
    )
    .updateTable(table)
    .set({ claimed_by: a.workerId, claimed_until: a.nowMs + a.leaseMs })
    .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
    .where(leaseFree(a.nowMs))
    .returning(['id', 'to_address', 'subject', 'text_body', 'html_body'])
    .execute();
  return rows.map((r) => ({ ...mailOf(r), lane: a.lane, retry: false, attempts: 0 }));
}

async function claimRetries(db: Executor, a: LeaseArgs, limit: number): Promise<QueuedMail[]> {
  const rows = await db
    .with(
      (cte) => cte('due').materialized(),
      (qb) => {
        const pick = qb
          .selectFrom('outbox_retry')
          .select('id')
          .where('lane', '=', a.lane)
          .where('next_attempt_at', '<=', a.nowMs)
          .where(leaseFree(a.nowMs))
          .orderBy('next_attempt_at')
          .limit(limit);
        return a.kind === 'postgres' ? pick.forUpdate().skipLocked() : pick;
      },
    )
    .updateTable('outbox_retry')
    .set({ claimed_by: a.workerId, claimed_until: a.nowMs + a.leaseMs })
    .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
    .where(leaseFree(a.nowMs))
    .returning(['id', 'to_address', 'subject', 'text_body', 'html_body', 'attempts'])
    .execute();
  return rows.map((r) => ({ ...mailOf(r), lane: a.lane, retry: true, attempts: Number(r.attempts) }));
}

type MailRow = {
  id: number | string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
};
const mailOf = (r: MailRow) => ({
  id: Number(r.id),
  to: r.to_address,
  subject: r.subject,
  text: r.text_body,
  html: r.html_body,
});

export type MailOutcome =
  | { mail: QueuedMail; sent: true }
  | { mail: QueuedMail; sent: false; attempts: number; nextAttemptAt: number | null; error: string };

/**
 * Records what became of a batch of claimed mails; run it in one transaction. Sent and dead mails move
 * to outbox_done, a first failure moves to outbox_retry, a later one stays there with its next attempt.
 * Only the worker holding the lease records: a mail whose lease lapsed and was claimed by another worker
 * is left to that worker. One transaction for the whole batch: at a thousand bookings a second, a
 * statement and a commit per mail was a second writer as busy as the bookings themselves on SQLite.
 */
export async function recordMailOutcomes(
  trx: Executor,
  workerId: string,
  nowMs: number,
  outcomes: readonly MailOutcome[],
): Promise<void> {
  type Retried = Extract<MailOutcome, { sent: false }> & { nextAttemptAt: number };
  const staysInRetry = (o: MailOutcome): o is Retried => !o.sent && o.mail.retry && o.nextAttemptAt !== null;
  for (const o of outcomes.filter(staysInRetry)) {
    await trx
      .updateTable('outbox_retry')
      .set({
        attempts: o.attempts,
        next_attempt_at: o.nextAttemptAt,
        last_error: o.error.slice(0, 500),
        claimed_by: null,
        claimed_until: null,
      })
      .where('id', '=', o.mail.id)
      .where('claimed_by', '=', workerId)
      .execute();
  }
  const moving = outcomes.filter((o) => !staysInRetry(o));
  const moved = [];
  for (const lane of ['account', 'notification'] as const) {
    const fresh = moving.filter((o) => !o.mail.retry && o.mail.lane === lane);
    moved.push(...(await takeLeased(trx, freshTable(lane), fresh, workerId)));
  }
  moved.push(
    ...(await takeLeased(
      trx,
      'outbox_retry',
      moving.filter((o) => o.mail.retry),
      workerId,
    )),
  );
  const done: Insertable<OutboxDoneTable>[] = [];
  const retry: Insertable<OutboxRetryTable>[] = [];
  for (const { row: mail, outcome: o } of moved) {
    const row = { ...mail, lane: o.mail.lane };
    if (o.sent) {
      done.push({
        ...row,
        status: 'sent',
        attempts: o.mail.attempts + 1,
        last_error: null,
        finished_at: nowMs,
      });
    } else if (o.nextAttemptAt === null) {
      done.push({
        ...row,
        status: 'dead',
        attempts: o.attempts,
        last_error: o.error.slice(0, 500),
        finished_at: nowMs,
      });
    } else {
      retry.push({
        ...row,
        attempts: o.attempts,
        next_attempt_at: o.nextAttemptAt,
        last_error: o.error.slice(0, 500),
      });
    }
  }
  if (done.length > 0) await trx.insertInto('outbox_done').values(done).execute();
  if (retry.length > 0) await trx.insertInto('outbox_retry').values(retry).execute();
}

/** Deletes the leased rows of `outcomes` from their table and returns their mail, each with its outcome. */
async function takeLeased(
  trx: Executor,
  table: 'outbox' | 'outbox_account' | 'outbox_retry',
  outcomes: readonly MailOutcome[],
  workerId: string,
) {
  if (outcomes.length === 0) return [];
  const byId = new Map(outcomes.map((o) => [o.mail.id, o]));
  // Both tables hold these columns under these names; Kysely cannot type a query over either table.
  const rows = await trx
    .deleteFrom(table as 'outbox')
    .where('id', 'in', [...byId.keys()])
    .where('claimed_by', '=', workerId)
    .returning(['id', 'to_address', 'subject', 'text_body', 'html_body', 'created_at'])
    .execute();
  return rows.map(({ id, ...row }) => ({
    row: { ...row, created_at: Number(row.created_at) },
    outcome: byId.get(Number(id))!,
  }));
}

/** Sent and dead mails hold names and (spent) links; they are kept a while for support, then removed. */
export async function purgeFinishedMails(db: Executor, finishedBeforeMs: number): Promise<number> {
  const res = await db
    .deleteFrom('outbox_done')
    .where('finished_at', '<', finishedBeforeMs)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
