import { describe, expect, it, vi } from 'vitest';
import { closedAfterEach } from '../../test/cleanups.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { queuedMailTo, register } from '../../test/accounts.js';
import { closedPort, startSmtp } from '../../test/smtp.js';
import { testDatabaseKind } from '../../test/test-db.js';
import { drainOutbox, MAIL_BATCH, MAIL_LEASE_MS, startMailWorker } from './mail-worker.js';
import { claimDueMails, enqueueMail } from './outbox.repo.js';

const { track, cleanups } = closedAfterEach();

const RESET = 'Reset your SaathChalo password';
const VERIFY = 'Verify your SaathChalo email address';

async function queueMails(ctx: TestContext, n: number, lane: 'account' | 'notification' = 'notification') {
  for (let i = 0; i < n; i++) {
    await enqueueMail(
      ctx.db,
      { to: `${lane}${i}@example.in`, subject: `${lane} ${i}`, text: 'hi', html: '<p>hi</p>', lane },
      ctx.clock.now(),
    );
  }
}

const forgotPassword = (ctx: TestContext, email: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });

/** Waits for what the worker does on its own timers. */
const until = (what: () => boolean) =>
  vi.waitFor(
    () => {
      if (!what()) throw new Error('waited too long');
    },
    { timeout: 20_000, interval: 10 },
  );

describe(`the account mail lane (${testDatabaseKind})`, () => {
  it('sends verification and reset mails on their own, whatever notifications are queued before them', async () => {
    const smtp = track(await startSmtp());
    const ctx = track(await createTestApp({ env: { SMTP_URL: smtp.url } }));
    await queueMails(ctx, 300);
    const acc = await register(ctx);
    await forgotPassword(ctx, acc.email);
    expect(await drainOutbox(ctx.app.deps, { lane: 'account' })).toEqual({ sent: 2, failed: 0 });
    expect(smtp.received.map((m) => m.subject)).toEqual([VERIFY, RESET]);
    expect(await drainOutbox(ctx.app.deps, { lane: 'notification' })).toEqual({ sent: 300, failed: 0 });
  });

  it('puts a reset mail among the first sent when both lanes drain a backlog at once', async () => {
    const smtp = track(await startSmtp());
    const ctx = track(await createTestApp({ env: { SMTP_URL: smtp.url } }));
    const acc = await register(ctx);
    await drainOutbox(ctx.app.deps);
    smtp.received.length = 0;
    await queueMails(ctx, 300);
    await forgotPassword(ctx, acc.email);
    expect(await drainOutbox(ctx.app.deps)).toEqual({ sent: 301, failed: 0 });
    expect(smtp.received.findIndex((m) => m.subject === RESET)).toBeLessThan(MAIL_BATCH);
  });

  it('sends a reset mail while the worker is still busy with a backlog of notifications', async () => {
    // 200 notifications at 60 ms each keep the worker busy for seconds over its 5 connections.
    const smtp = track(await startSmtp({ dataMs: 60 }));
    const ctx = track(await createTestApp({ env: { SMTP_URL: smtp.url } }));
    const acc = await register(ctx);
    await drainOutbox(ctx.app.deps);
    smtp.received.length = 0;
    await queueMails(ctx, 200);
    const stop = await startMailWorker(ctx.app);
    cleanups.push(stop);
    await until(() => smtp.received.length > 0);
    await forgotPassword(ctx, acc.email);
    await until(() => smtp.received.some((m) => m.subject === RESET));
    const notificationsBefore = smtp.received.filter((m) => m.subject !== RESET).length;
    expect(notificationsBefore).toBeLessThan(200);
    await until(() => smtp.received.length === 201);
  });

  it('stops after the batch in flight when the worker is stopped, leaving the backlog queued (shutdown)', async () => {
    const smtp = track(await startSmtp({ dataMs: 20 }));
    const ctx = track(await createTestApp({ env: { SMTP_URL: smtp.url } }));
    await queueMails(ctx, MAIL_BATCH * 6);
    const stop = await startMailWorker(ctx.app);
    await until(() => smtp.received.length > 0);
    await stop();
    const sentAtStop = smtp.received.length;
    expect(sentAtStop).toBeLessThanOrEqual(MAIL_BATCH);
    const queued = await ctx.db.selectFrom('mails').select('id').where('status', '=', 'pending').execute();
    expect(queued.length).toBe(MAIL_BATCH * 6 - sentAtStop);
    // The stopped worker holds no lease on the backlog and sends no more: another drain sends all of it, once.
    expect(await drainOutbox(ctx.app.deps)).toEqual({ sent: MAIL_BATCH * 6 - sentAtStop, failed: 0 });
    expect(smtp.received).toHaveLength(MAIL_BATCH * 6);
  });

  it('retries a failed account mail in its own lane with the usual backoff', async () => {
    const down = await closedPort();
    const ctx = track(await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${down}` } }));
    const acc = await register(ctx);
    expect(await drainOutbox(ctx.app.deps, { lane: 'account' })).toEqual({ sent: 0, failed: 1 });
    ctx.clock.advance(30_000);
    expect(await drainOutbox(ctx.app.deps, { lane: 'notification' })).toEqual({ sent: 0, failed: 0 });
    expect(await drainOutbox(ctx.app.deps, { lane: 'account' })).toEqual({ sent: 0, failed: 1 });
    const [row] = await queuedMailTo(ctx, acc.email);
    expect(row).toMatchObject({
      subject: VERIFY,
      lane: 'account',
      status: 'pending',
      attempts: 2,
      next_attempt_at: ctx.clock.now() + 60_000,
    });
  });

  it('claims an account mail again once the lease of a crashed worker has expired', async () => {
    const smtp = track(await startSmtp());
    const ctx = track(await createTestApp({ env: { SMTP_URL: smtp.url } }));
    const acc = await register(ctx);
    const now = ctx.clock.now();
    const claimed = await claimDueMails(
      ctx.db,
      ctx.app.deps.dbKind,
      'crashed',
      now,
      MAIL_LEASE_MS,
      10,
      'account',
    );
    expect(claimed.map((m) => m.to)).toEqual([acc.email]);
    expect(await drainOutbox(ctx.app.deps)).toEqual({ sent: 0, failed: 0 });
    ctx.clock.advance(MAIL_LEASE_MS + 1);
    expect(await drainOutbox(ctx.app.deps)).toEqual({ sent: 1, failed: 0 });
    expect((await queuedMailTo(ctx, acc.email))[0]).toMatchObject({ lane: 'account', status: 'sent' });
  });

  it('is shared by two workers on one database without sending a mail twice', async () => {
    const smtp = track(await startSmtp());
    const a = track(await createTestApp({ file: true, env: { SMTP_URL: smtp.url } }));
    const b = track(await createTestApp({ databaseUrl: a.database.url, env: { SMTP_URL: smtp.url } }));
    await queueMails(a, 30, 'account');
    await queueMails(a, 30);
    const results = await Promise.all(
      [a, b, a, b].map((ctx, i) => drainOutbox(ctx.app.deps, { workerId: `w${i}` })),
    );
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(60);
    const subjects = smtp.received.map((m) => `${m.to[0]} ${m.subject}`);
    expect(new Set(subjects).size).toBe(60);
    expect(subjects).toHaveLength(60);
  });
});
