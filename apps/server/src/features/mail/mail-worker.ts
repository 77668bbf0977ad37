import { hostname } from 'node:os';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { AppDeps } from '../../app.js';
import { newId } from '../../lib/ids.js';
import {
  claimDueMails,
  purgeFinishedMails,
  recordMailOutcomes,
  type MailOutcome,
  type QueuedMail,
} from './outbox.repo.js';

export const MAIL_POLL_MS = 2_000;
export const MAIL_LEASE_MS = 60_000; // longer than the SMTP timeouts below, so a live send never loses its lease
export const MAIL_BATCH = 20;
export const MAIL_MAX_ATTEMPTS = 10;
export const MAIL_FIRST_RETRY_MS = 30_000;
/** Sent and dead mails are kept this long after they finished, then removed (they hold names and spent links). */
export const MAIL_KEEP_MS = 30 * 86_400_000;
const PURGE_EVERY_MS = 3_600_000;

/** 30 s, 1 min, 2 min ... doubling; after the last attempt the mail is dead (kept for inspection). */
export function nextAttemptAt(attempts: number, nowMs: number): number | null {
  if (attempts >= MAIL_MAX_ATTEMPTS) return null;
  return nowMs + MAIL_FIRST_RETRY_MS * 2 ** (attempts - 1);
}

type Send = (mail: QueuedMail) => Promise<void>;

const transports = new Map<string, Transporter>();

/**
 * Over SMTP_URL, or, without one, into the server log with its links so a local user can still click them.
 * nodemailer (and Node's fetch, which it loads) is imported only when there is an SMTP server to talk to:
 * about 5 MB of heap the server otherwise carries for nothing (bench/FINDINGS.md).
 */
async function senderFor(deps: Pick<AppDeps, 'config'>, log: FastifyBaseLogger): Promise<Send> {
  const { smtpUrl, mailFrom } = deps.config;
  if (!smtpUrl) {
    return async (mail) => {
      log.info({ to: mail.to, subject: mail.subject }, `mail (SMTP_URL unset, not sent):\n${mail.text}`);
    };
  }
  let transport = transports.get(smtpUrl);
  if (!transport) {
    const { default: nodemailer } = await import('nodemailer');
    transport = nodemailer.createTransport(smtpUrl, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as object);
    transports.set(smtpUrl, transport);
  }
  const t = transport;
  return async (mail) => {
    await t.sendMail({
      from: mailFrom,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  };
}

export interface DrainResult {
  sent: number;
  failed: number;
}

const silentLog = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

/**
 * Sends every mail that is due now, once, and returns. The background loop calls it on a timer;
 * tests call it directly so delivery is deterministic.
 */
export async function drainOutbox(
  deps: Pick<AppDeps, 'db' | 'dbKind' | 'clock' | 'config'>,
  options: { log?: FastifyBaseLogger; workerId?: string } = {},
): Promise<DrainResult> {
  const log = options.log ?? silentLog;
  const workerId = options.workerId ?? `${hostname()}:${process.pid}:${newId()}`;
  const send = await senderFor(deps, log);
  const result: DrainResult = { sent: 0, failed: 0 };
  for (;;) {
    const batch = await claimDueMails(
      deps.db,
      deps.dbKind,
      workerId,
      deps.clock.now(),
      MAIL_LEASE_MS,
      MAIL_BATCH,
    );
    if (batch.length === 0) return result;
    // Recorded together after the batch: a crash in between sends those mails again once their lease
    // lapses (at least once, as with a crash between one send and its record).
    const outcomes: MailOutcome[] = [];
    for (const mail of batch) {
      try {
        await send(mail);
        outcomes.push({ mail, sent: true });
        result.sent += 1;
      } catch (err) {
        const attempts = mail.attempts + 1;
        const next = nextAttemptAt(attempts, deps.clock.now());
        const error = err instanceof Error ? err.message : String(err);
        outcomes.push({ mail, sent: false, attempts, nextAttemptAt: next, error });
        log.warn(
          { mailId: mail.id, retry: mail.retry, attempts, dead: next === null, error },
          'mail not sent',
        );
        result.failed += 1;
      }
    }
    const now = deps.clock.now();
    await deps.db.transaction().execute((trx) => recordMailOutcomes(trx, workerId, now, outcomes));
    if (batch.length < MAIL_BATCH) return result;
    // A whole batch failed: the SMTP server is most likely down. The mails not tried yet wait in the queue
    // for the next round rather than each being tried and moved to the retry table (decision 010).
    if (outcomes.every((o) => !o.sent)) return result;
  }
}

/** Starts the outbox worker beside the HTTP server; returns its stop function (waits for a send in flight). */
export async function startMailWorker(app: FastifyInstance): Promise<() => Promise<void>> {
  const log = app.log.child({ component: 'mail' });
  const workerId = `${hostname()}:${process.pid}:${newId().slice(0, 8)}`;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let lastPurge = 0;
  const work = async () => {
    const now = app.deps.clock.now();
    if (now - lastPurge >= PURGE_EVERY_MS) {
      lastPurge = now;
      await purgeFinishedMails(app.deps.db, now - MAIL_KEEP_MS);
    }
    await drainOutbox(app.deps, { log, workerId });
  };
  const tick = () => {
    running = work()
      .catch((err: unknown) => log.error({ err }, 'mail worker failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, MAIL_POLL_MS);
      });
  };
  tick();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
    for (const t of transports.values()) t.close();
    transports.clear();
  };
}
