import { hostname } from 'node:os';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { AppDeps } from '../../app-deps.js';
import { newId } from '../../lib/ids.js';
import {
  claimDueMails,
  purgeFinishedMails,
  recordMailOutcomes,
  type MailLane,
  type MailOutcome,
  type QueuedMail,
} from './outbox.repo.js';

const MAIL_POLL_MS = 2_000;
/** The account lane looks more often: someone is waiting at a screen for that link. */
const MAIL_ACCOUNT_POLL_MS = 500;
export const MAIL_LEASE_MS = 60_000; // longer than the send deadline below, so a live send never loses its lease
export const MAIL_BATCH = 50;
/**
 * A batch's sends that have not finished this long after it was claimed are given up (a hung server, a
 * queue behind dead connections) and recorded as failed attempts while the lease still holds, so no
 * other worker takes them meanwhile.
 */
const MAIL_SEND_DEADLINE_MS = 40_000;
const MAIL_MAX_ATTEMPTS = 10;
const MAIL_FIRST_RETRY_MS = 30_000;
/** Sent and dead mails are kept this long after they finished, then removed (they hold names and spent links). */
const MAIL_KEEP_MS = 30 * 86_400_000;
const PURGE_EVERY_MS = 3_600_000;
const LANES: readonly MailLane[] = ['account', 'notification'];

/** 30 s, 1 min, 2 min ... doubling; after the last attempt the mail is dead (kept for inspection). */
export function nextAttemptAt(attempts: number, nowMs: number): number | null {
  if (attempts >= MAIL_MAX_ATTEMPTS) return null;
  return nowMs + MAIL_FIRST_RETRY_MS * 2 ** (attempts - 1);
}

type Send = (mail: QueuedMail, signal: AbortSignal) => Promise<void>;

/** Over SMTP_URL, or, without one, into the server log with its links so a local user can still click them. */
async function senderFor(
  deps: Pick<AppDeps, 'config' | 'mailTransports'>,
  lane: MailLane,
  log: FastifyBaseLogger,
): Promise<Send> {
  const pool = deps.mailTransports.get(lane);
  if (!pool) {
    return async (mail) => {
      log.info({ to: mail.to, subject: mail.subject }, `mail (SMTP_URL unset, not sent):\n${mail.text}`);
    };
  }
  const t = await pool;
  const from = deps.config.mailFrom;
  return async (mail, signal) => {
    // nodemailer takes the signal off its queue, or closes the connection that is sending the mail.
    await t.sendMail({
      from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      signal,
    } as Parameters<Transporter['sendMail']>[0]);
  };
}

interface DrainResult {
  sent: number;
  failed: number;
}

const silentLog = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

type DrainDeps = Pick<AppDeps, 'db' | 'dbKind' | 'clock' | 'config' | 'mailTransports'>;
type DrainOptions = {
  log?: FastifyBaseLogger;
  workerId?: string;
  lane?: MailLane;
  /** How long a batch's sends may take; shorter in tests of a hung server. */
  deadlineMs?: number;
  /** Asked before each batch: a worker being stopped finishes its batch but claims no more (shutdown). */
  stopping?: () => boolean;
};

/**
 * Sends every mail that is due now, once, and returns: of one lane, or of both side by side. The
 * background loops call it on a timer; tests call it directly so delivery is deterministic.
 */
export async function drainOutbox(deps: DrainDeps, options: DrainOptions = {}): Promise<DrainResult> {
  const log = options.log ?? silentLog;
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${newId()}`;
  const lanes = options.lane ? [options.lane] : LANES;
  const deadlineMs = options.deadlineMs ?? MAIL_SEND_DEADLINE_MS;
  const stopping = options.stopping ?? (() => false);
  const results = await Promise.all(
    lanes.map((lane) => drainLane(deps, { lane, log, workerId, deadlineMs, stopping })),
  );
  return results.reduce((a, b) => ({ sent: a.sent + b.sent, failed: a.failed + b.failed }));
}

async function drainLane(
  deps: DrainDeps,
  { lane, log, workerId, deadlineMs, stopping }: Required<DrainOptions>,
): Promise<DrainResult> {
  const send = await senderFor(deps, lane, log);
  const result: DrainResult = { sent: 0, failed: 0 };
  for (;;) {
    if (stopping()) return result;
    const { db, dbKind, clock } = deps;
    const batch = await claimDueMails(db, dbKind, workerId, clock.now(), MAIL_LEASE_MS, MAIL_BATCH, lane);
    if (batch.length === 0) return result;
    const signal = AbortSignal.timeout(deadlineMs);
    // The whole batch at once: the pool holds the mails beyond its connections until one is free.
    // Recorded together after the batch: a crash in between sends those mails again once their lease
    // lapses (at least once, as with a crash between one send and its record).
    const outcomes = await Promise.all(
      batch.map(async (mail): Promise<MailOutcome> => {
        try {
          await send(mail, signal);
          result.sent += 1;
          return { mail, sent: true };
        } catch (err) {
          const attempts = mail.attempts + 1;
          const next = nextAttemptAt(attempts, clock.now());
          const error = err instanceof Error ? err.message : String(err);
          log.warn(
            { mailId: mail.id, lane, retry: mail.retry, attempts, dead: next === null, error },
            'mail not sent',
          );
          result.failed += 1;
          return { mail, sent: false, attempts, nextAttemptAt: next, error };
        }
      }),
    );
    const now = clock.now();
    await db.transaction().execute((trx) => recordMailOutcomes(trx, workerId, now, outcomes));
    if (batch.length < MAIL_BATCH) return result;
    // A whole batch failed: the SMTP server is most likely down. The mails not tried yet wait in the queue
    // for the next round rather than each being tried and moved to the retry table (decision 010).
    if (outcomes.every((o) => !o.sent)) return result;
  }
}

/**
 * Starts the outbox worker beside the HTTP server, one loop per lane, so a long drain of notifications
 * never holds back an account mail; returns its stop function (waits for the sends in flight).
 */
export async function startMailWorker(app: FastifyInstance): Promise<() => Promise<void>> {
  const log = app.log.child({ component: 'mail' });
  const workerId = `${hostname()}:${process.pid}:${newId().slice(0, 8)}`;
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let lastPurge = 0;
  const purgeNowAndThen = async () => {
    const now = app.deps.clock.now();
    if (now - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = now;
    await purgeFinishedMails(app.deps.db, now - MAIL_KEEP_MS);
  };
  const loop = (lane: MailLane, pollMs: number) => {
    const tick = () => {
      const work = (async () => {
        if (lane === 'notification') await purgeNowAndThen();
        await drainOutbox(app.deps, { log, workerId, lane, stopping: () => stopped });
      })()
        .catch((err: unknown) => log.error({ err, lane }, 'mail worker failed'))
        .finally(() => {
          running.delete(work);
          if (stopped) return;
          const timer = setTimeout(() => {
            timers.delete(timer);
            tick();
          }, pollMs);
          timers.add(timer);
        });
      running.add(work);
    };
    tick();
  };
  loop('account', MAIL_ACCOUNT_POLL_MS);
  loop('notification', MAIL_POLL_MS);
  return async () => {
    stopped = true;
    for (const timer of timers) clearTimeout(timer);
    await Promise.all(running);
    await app.deps.mailTransports.close();
  };
}
