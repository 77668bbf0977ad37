/**
 * The mail scenario: the built server's outbox worker against a local SMTP server that waits 100 ms
 * before greeting each connection (a distant or busy mail server). 5,000 notification mails are queued
 * at once (as a burst of bookings leaves them), then one user asks for a password reset.
 *
 *   node --experimental-strip-types bench/mail.ts [--notifications 5000] [--greeting-ms 100] [--no-postgres]
 *
 * (after `npx tsc -b packages/shared apps/server`). Reports the notifications' rate from the first to the
 * last one received, and how long the reset mail took from the answer to forgot-password to the SMTP
 * server. `npm run bench` and `npm run bench:ci` run it too (bench/run.ts).
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';
import { createDatabase } from '../apps/server/dist/db/database.js';
import { enqueueMail } from '../apps/server/dist/features/mail/outbox.repo.js';
import { rideCancelledByDeletionMail } from '../apps/server/dist/features/mail/templates.js';
import { dropPostgres, recreatePostgres, removeSqlite } from './lib/database-url.ts';
import { startServer } from './lib/server.ts';
import { BENCH_JWT_SECRET } from './lib/tokens.ts';

export interface MailResult {
  label: string;
  notifications: number;
  greetingMs: number;
  /** Notifications per second from the first to the last one the SMTP server received. */
  mailsPerSecond: number;
  /** From the answer to forgot-password to the reset mail's arrival at the SMTP server. */
  resetDelayMs: number;
  /** Notifications not yet received when the reset was asked for, and when it arrived. */
  queuedAtReset: number;
  queuedWhenResetArrived: number;
  smtpConnections: number;
  /** The server's CPU (all its threads) per notification, from the burst to the last one received. */
  serverCpuMsPerMail: number;
  /** Mails received other than exactly once each (lost or twice). */
  wrong: number;
  peakRssMb: number;
}

/** A local SMTP server that greets each connection after `greetingMs` and notes when each mail arrived. */
async function slowSmtp(greetingMs: number) {
  const arrivals: { to: string; subject: string; at: number }[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 1,
    onConnect(_session, callback) {
      connections += 1;
      setTimeout(callback, greetingMs);
    },
    onData(stream, session, callback) {
      let head = '';
      stream.on('data', (c: Buffer) => {
        if (head.length < 4096) head += c.toString('utf8');
      });
      stream.on('end', () => {
        const subject = /^Subject: (.*)$/m.exec(head)?.[1]?.trim() ?? '';
        arrivals.push({ to: session.envelope.rcptTo[0]?.address ?? '', subject, at: performance.now() });
        callback();
      });
    },
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrivals,
    connections: () => connections,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

async function until(what: () => boolean, ms: number, why: string) {
  const deadline = Date.now() + ms;
  while (!what()) {
    if (Date.now() > deadline) throw new Error(`mail scenario: ${why} after ${ms / 1000} s`);
    await sleep(5);
  }
}

type Post = (path: string, body: object) => Promise<Response>;

/** A new account, once its verification mail has arrived: the address a reset is asked for. */
async function signUp(post: Post, smtp: { arrivals: unknown[] }): Promise<string> {
  const email = `reset.${Date.now()}@example.in`;
  const signup = await post('/register', {
    firstName: 'Meera',
    lastName: 'Iyer',
    email,
    phone: '9876543210',
    password: 'chai-and-rides',
    location: 'Pune',
  });
  if (signup.status !== 201) throw new Error(`mail scenario: sign-up answered ${signup.status}`);
  await until(() => smtp.arrivals.length === 1, 30_000, 'no verification mail');
  return email;
}

/** The burst: every notification in one transaction, as the queue holds them after a busy minute. */
async function queueBurst(db: ReturnType<typeof createDatabase>['db'], notifications: number) {
  const now = Date.now();
  const ride = { from: 'Pune', to: 'Mumbai', date: '2026-12-01', time: '08:30' };
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < notifications; i += 1) {
      const to = { email: `rider.${i}@example.in`, firstName: `Rider ${i}` };
      await enqueueMail(trx, rideCancelledByDeletionMail('http://localhost', to, ride), now);
    }
  });
}

export async function mailScenario(opts: {
  label: string;
  url: string;
  notifications: number;
  greetingMs: number;
  dataDir: string;
  logFile: string;
  nodeArgs: string[];
  env: Record<string, string>;
}): Promise<MailResult> {
  const sqlite = opts.url.startsWith('sqlite:');
  if (sqlite) removeSqlite(opts.url);
  else await recreatePostgres(opts.url);
  const smtp = await slowSmtp(opts.greetingMs);
  const server = await startServer({
    databaseUrl: opts.url,
    jwtSecret: BENCH_JWT_SECRET,
    dataDir: opts.dataDir,
    logFile: opts.logFile,
    nodeArgs: opts.nodeArgs,
    env: { ...opts.env, SMTP_URL: smtp.url },
  });
  const handle = createDatabase(opts.url);
  try {
    const post = (path: string, body: object) =>
      fetch(`${server.url}/api/auth${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const email = await signUp(post, smtp);
    const firstConnections = smtp.connections();

    const cpuBefore = server.cpuSeconds();
    await queueBurst(handle.db, opts.notifications);
    const isReset = (a: { subject: string }) => a.subject === 'Reset your SaathChalo password';
    const notificationsIn = () => smtp.arrivals.length - 1 - (smtp.arrivals.some(isReset) ? 1 : 0);
    // The reset is asked for once the worker is busy with the backlog, not before it has started.
    await until(() => notificationsIn() > 0, 30_000, 'no notification sent');
    const forgot = await post('/forgot-password', { email });
    const asked = performance.now();
    const queuedAtReset = opts.notifications - notificationsIn();
    if (forgot.status !== 200) throw new Error(`mail scenario: forgot-password answered ${forgot.status}`);
    const patience = Math.max(120_000, opts.notifications * 50);
    await until(() => smtp.arrivals.some(isReset), patience, 'no reset mail');
    const queuedWhenResetArrived = opts.notifications - notificationsIn();
    const reset = smtp.arrivals.find(isReset)!;
    await until(
      () => notificationsIn() >= opts.notifications,
      patience,
      `only ${notificationsIn()} of ${opts.notifications} notifications arrived`,
    );
    const cpu = server.cpuSeconds() - cpuBefore;
    await sleep(500); // anything sent twice arrives now
    const notes = smtp.arrivals.filter((a) => a.subject.startsWith('Ride cancelled'));
    const distinct = new Set(smtp.arrivals.map((a) => `${a.to} ${a.subject}`)).size;
    const first = notes[0]!.at;
    const last = notes[notes.length - 1]!.at;
    return {
      label: opts.label,
      notifications: opts.notifications,
      greetingMs: opts.greetingMs,
      mailsPerSecond: ((notes.length - 1) * 1000) / (last - first),
      resetDelayMs: reset.at - asked,
      queuedAtReset,
      queuedWhenResetArrived,
      smtpConnections: smtp.connections() - firstConnections,
      serverCpuMsPerMail: (cpu * 1000) / opts.notifications,
      wrong: Math.abs(smtp.arrivals.length - (opts.notifications + 2)) + (smtp.arrivals.length - distinct),
      peakRssMb: server.peakRssMb(),
    };
  } finally {
    await handle.destroy();
    await server.stop();
    await smtp.close();
    if (sqlite) removeSqlite(opts.url);
    else await dropPostgres(opts.url);
  }
}

export const MAIL_BUDGET = { mailsPerSecond: 100, resetDelayMs: 5_000 };

export function mailLine(r: MailResult): string {
  return `  mail ${r.label}: ${r.mailsPerSecond.toFixed(0)} mails/s (${r.notifications} notifications, ${r.greetingMs} ms greeting, ${r.smtpConnections} SMTP connections, server CPU ${r.serverCpuMsPerMail.toFixed(2)} ms per mail); reset mail after ${(r.resetDelayMs / 1000).toFixed(2)} s with ${r.queuedAtReset} notifications queued (${r.queuedWhenResetArrived} still queued when it arrived); ${r.wrong} lost or doubled; peak RSS ${r.peakRssMb.toFixed(0)} MB`;
}

export function renderMail(results: MailResult[]): string[] {
  if (results.length === 0) return [];
  const ok = (v: boolean) => (v ? 'met' : '**missed**');
  return [
    `## Mail: ${results[0]!.notifications.toLocaleString('en-IN')} notifications queued, then a password reset (SMTP server greeting after ${results[0]!.greetingMs} ms)`,
    '',
    '| database | notifications/s (>= 100) | | reset mail delay (<= 5 s) | | queued at the reset / when it arrived | SMTP connections | server CPU per mail | lost or doubled | server peak RSS MB |',
    '|---|---:|---|---:|---|---|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.label} | ${r.mailsPerSecond.toFixed(0)} | ${ok(r.mailsPerSecond >= MAIL_BUDGET.mailsPerSecond)} | ${(r.resetDelayMs / 1000).toFixed(2)} s | ${ok(r.resetDelayMs <= MAIL_BUDGET.resetDelayMs)} | ${r.queuedAtReset} / ${r.queuedWhenResetArrived} | ${r.smtpConnections} | ${r.serverCpuMsPerMail.toFixed(2)} ms | ${r.wrong} | ${r.peakRssMb.toFixed(0)} |`,
    ),
    '',
  ];
}

/** The scenario on each database in turn (each its own fresh database, dropped after). */
export async function mailScenarios(opts: {
  targets: { label: string; url: string }[];
  notifications: number;
  greetingMs?: number;
  dataDir: string;
  nodeArgs: string[];
  env: Record<string, string>;
}): Promise<MailResult[]> {
  console.log(`\n== mail: ${opts.notifications} notifications queued, then a password reset`);
  mkdirSync('bench/data', { recursive: true });
  const results: MailResult[] = [];
  for (const target of opts.targets) {
    const r = await mailScenario({
      ...opts,
      ...target,
      greetingMs: opts.greetingMs ?? 100,
      logFile: `bench/data/server-mail-${target.label}.log`,
    });
    console.log(mailLine(r));
    results.push(r);
  }
  return results;
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      notifications: { type: 'string', default: '5000' },
      'greeting-ms': { type: 'string', default: '100' },
      postgres: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432' },
      'no-postgres': { type: 'boolean', default: false },
    },
  });
  const targets = [{ label: 'SQLite', url: `sqlite:${resolve('bench/data/mail.db')}` }];
  if (!args['no-postgres'])
    targets.push({ label: 'PostgreSQL', url: `${args.postgres}/saathchalo_bench_mail` });
  const results = await mailScenarios({
    targets,
    notifications: Number(args.notifications),
    greetingMs: Number(args['greeting-ms']),
    dataDir: 'bench/data/server-mail',
    // As bench/run.ts and `npm start` run the server.
    nodeArgs: ['--max-semi-space-size=8', '--max-old-space-size=192'],
    env: { MALLOC_ARENA_MAX: '2' },
  });
  console.log(`\n${renderMail(results).join('\n')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
