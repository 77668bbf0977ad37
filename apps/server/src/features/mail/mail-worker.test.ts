import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { closedAfterEach } from '../../test/cleanups.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { queuedMailTo, register, tokenFromLink } from '../../test/accounts.js';
import { closedPort, startSmtp, type TestSmtp } from '../../test/smtp.js';
import { testDatabaseKind } from '../../test/test-db.js';
import { drainOutbox, MAIL_BATCH, MAIL_LEASE_MS } from './mail-worker.js';
import { claimDueMails, enqueueMail, purgeFinishedMails, recordMailOutcomes } from './outbox.repo.js';

const { track } = closedAfterEach();

describe('mail delivery through the outbox', () => {
  it('delivers the verification mail to a real SMTP server, and its link verifies the address', async () => {
    const smtp = track(await startSmtp());
    const ctx = track(await createTestApp({ env: { SMTP_URL: smtp.url } }));
    const acc = await register(ctx, { firstName: 'Ravi <b>' });
    expect(smtp.received).toHaveLength(0); // the request only wrote the outbox row
    expect(await drainOutbox(ctx.app.deps)).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual([acc.email]);
    expect(mail.subject).toBe('Verify your SaathChalo email address');
    expect(mail.body).toContain('From: SaathChalo <no-reply@saathchalo.in>');
    expect(mail.body).toContain('Hi Ravi &lt;b&gt;,'); // user text is escaped in the HTML part
    const token = tokenFromLink(mail.body, '/verify-email');
    const res = await ctx.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` });
    expect(res.statusCode).toBe(200);
    const [row] = await queuedMailTo(ctx, acc.email);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, claimed_by: null, sent_at: ctx.clock.now() });
    expect(await drainOutbox(ctx.app.deps)).toEqual({ sent: 0, failed: 0 });
  });

  it('delivers the reset mail with a /reset-password link that resets the password', async () => {
    const smtp = track(await startSmtp());
    const ctx = track(await createTestApp({ env: { SMTP_URL: smtp.url } }));
    const acc = await register(ctx);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: acc.email } });
    await drainOutbox(ctx.app.deps);
    const reset = smtp.received.find((m) => m.subject === 'Reset your SaathChalo password')!;
    expect(reset.body).toMatch(/http:\/\/app\.test\/reset-password\?token=[\w-]{43}/);
    const token = tokenFromLink(reset.body, '/reset-password');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'from-the-mail' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('keeps a mail while SMTP is down and delivers it after a restart of the server', async () => {
    const down = await closedPort();
    const first = track(await createTestApp({ file: true, env: { SMTP_URL: `smtp://127.0.0.1:${down}` } }));
    const acc = await register(first);
    expect(await drainOutbox(first.app.deps)).toEqual({ sent: 0, failed: 1 });
    const [row] = await queuedMailTo(first, acc.email);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      next_attempt_at: first.clock.now() + 30_000,
      claimed_by: null,
    });
    expect(row!.last_error).toMatch(/ECONNREFUSED|connect/i);
    await first.app.close(); // the server stops; the database stays

    const smtp = track(await startSmtp());
    const second = track(
      await createTestApp({ databaseUrl: first.database.url, env: { SMTP_URL: smtp.url } }),
    );
    expect(await drainOutbox(second.app.deps)).toEqual({ sent: 0, failed: 0 }); // not due yet
    second.clock.advance(30_000);
    expect(await drainOutbox(second.app.deps)).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.map((m) => m.to[0])).toEqual([acc.email]);
    expect((await queuedMailTo(second, acc.email))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('retries with doubling delays from 30 seconds and gives up after 10 attempts', async () => {
    const down = await closedPort();
    const ctx = track(await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${down}` } }));
    await enqueueMail(
      ctx.db,
      { to: 'someone@example.in', subject: 'Hello', text: 'hi', html: '<p>hi</p>' },
      ctx.clock.now(),
    );
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect(await drainOutbox(ctx.app.deps)).toEqual({ sent: 0, failed: 1 });
      const [row] = await queuedMailTo(ctx, 'someone@example.in');
      expect(row!.attempts).toBe(attempt);
      if (attempt < 10) {
        expect(row!.status).toBe('pending');
        delays.push(Number(row!.next_attempt_at) - ctx.clock.now());
        ctx.clock.set(Number(row!.next_attempt_at));
      } else {
        expect(row!.status).toBe('dead');
      }
    }
    expect(delays).toEqual([30, 60, 120, 240, 480, 960, 1920, 3840, 7680].map((s) => s * 1000));
    ctx.clock.advance(86_400_000);
    expect(await drainOutbox(ctx.app.deps)).toEqual({ sent: 0, failed: 0 });
  });

  it('stops a round after a whole batch failed, leaving the mails not tried yet in the queue', async () => {
    const down = await closedPort();
    const ctx = track(await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${down}` } }));
    for (let i = 0; i < MAIL_BATCH + 5; i++) {
      await enqueueMail(
        ctx.db,
        { to: `q${i}@example.in`, subject: `Q ${i}`, text: 'hi', html: '<p>hi</p>' },
        ctx.clock.now(),
      );
    }
    expect(await drainOutbox(ctx.app.deps)).toEqual({ sent: 0, failed: MAIL_BATCH });
    const untried = await ctx.db.selectFrom('outbox').select('to_address').orderBy('id').execute();
    expect(untried.map((m) => m.to_address)).toEqual(
      [0, 1, 2, 3, 4].map((i) => `q${MAIL_BATCH + i}@example.in`),
    );
    expect(await ctx.db.selectFrom('outbox_retry').select('id').execute()).toHaveLength(MAIL_BATCH);
  });

  it('claims a mail again once the lease of a crashed worker has expired', async () => {
    const smtp = track(await startSmtp());
    const ctx = track(await createTestApp({ env: { SMTP_URL: smtp.url } }));
    await enqueueMail(
      ctx.db,
      { to: 'lease@example.in', subject: 'Lease', text: 'hi', html: '<p>hi</p>' },
      ctx.clock.now(),
    );
    const claimed = await claimDueMails(
      ctx.db,
      ctx.app.deps.dbKind,
      'crashed-worker',
      ctx.clock.now(),
      MAIL_LEASE_MS,
      10,
    );
    expect(claimed.map((m) => m.to)).toEqual(['lease@example.in']);
    expect(await drainOutbox(ctx.app.deps)).toEqual({ sent: 0, failed: 0 });
    ctx.clock.advance(MAIL_LEASE_MS + 1);
    expect(await drainOutbox(ctx.app.deps)).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('removes sent and dead mails once they finished long enough ago, never pending ones', async () => {
    const ctx = track(await createTestApp());
    const t0 = ctx.clock.now();
    const longAgo = t0 - 100 * 86_400_000;
    const mail = (to: string) => ({ to, subject: to, text: 'hi', html: '<p>hi</p>' });
    const claim = () => claimDueMails(ctx.db, ctx.app.deps.dbKind, 'w', ctx.clock.now(), MAIL_LEASE_MS, 10);
    await enqueueMail(ctx.db, mail('sent@example.in'), longAgo);
    expect(await drainOutbox(ctx.app.deps)).toEqual({ sent: 1, failed: 0 }); // finished at t0
    await enqueueMail(ctx.db, mail('dead@example.in'), longAgo);
    const [dying] = await claim();
    const gaveUp = { sent: false, attempts: 10, nextAttemptAt: null, error: 'gave up' } as const;
    await recordMailOutcomes(ctx.db, 'w', t0 + 1_000, [{ mail: dying!, ...gaveUp }]);
    await enqueueMail(ctx.db, mail('retrying@example.in'), longAgo);
    const [failing] = await claim();
    const later = { sent: false, attempts: 1, nextAttemptAt: t0 + 60_000, error: 'busy' } as const;
    await recordMailOutcomes(ctx.db, 'w', t0, [{ mail: failing!, ...later }]);
    await enqueueMail(ctx.db, mail('waiting@example.in'), longAgo);

    expect(await purgeFinishedMails(ctx.db, t0)).toBe(0);
    expect(await purgeFinishedMails(ctx.db, t0 + 1)).toBe(1);
    expect(await purgeFinishedMails(ctx.db, t0 + 1_001)).toBe(1);
    const left = await ctx.db
      .selectFrom('mails')
      .select(['to_address', 'status'])
      .orderBy('to_address')
      .execute();
    expect(left).toEqual([
      { to_address: 'retrying@example.in', status: 'pending' },
      { to_address: 'waiting@example.in', status: 'pending' },
    ]);
  });

  it('writes the mail with its link to the server log when SMTP_URL is unset', async () => {
    const ctx = track(await createTestApp());
    const acc = await register(ctx);
    const lines: string[] = [];
    const log = {
      info: (_o: unknown, msg: string) => lines.push(msg),
      warn() {},
      error() {},
    } as unknown as FastifyBaseLogger;
    expect(await drainOutbox(ctx.app.deps, { log })).toEqual({ sent: 1, failed: 0 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/http:\/\/app\.test\/verify-email\?token=[\w-]{43}/);
    expect((await queuedMailTo(ctx, acc.email))[0]!.status).toBe('sent');
  });
});

describe(`two mail workers on one ${testDatabaseKind} database`, () => {
  let smtp: TestSmtp;
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    smtp = await startSmtp();
    a = await createTestApp({ file: true, env: { SMTP_URL: smtp.url } });
    b = await createTestApp({ databaseUrl: a.database.url, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await smtp.close();
  });

  it('claim disjoint batches of at most the batch size, however many claim at once', async () => {
    await a.db.deleteFrom('outbox').execute();
    await a.db.deleteFrom('outbox_retry').execute();
    for (let i = 0; i < 60; i++) {
      await enqueueMail(
        a.db,
        { to: `c${i}@example.in`, subject: `Claim ${i}`, text: 'hi', html: '<p>hi</p>' },
        a.clock.now(),
      );
    }
    const claims = await Promise.all(
      ['w1', 'w2', 'w3', 'w4'].map((w, i) =>
        claimDueMails((i % 2 ? b : a).db, a.app.deps.dbKind, w, a.clock.now(), MAIL_LEASE_MS, 20),
      ),
    );
    for (const batch of claims) expect(batch.length).toBeLessThanOrEqual(20);
    const ids = claims.flat().map((m) => m.id);
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
    await a.db.deleteFrom('outbox').execute();
  });

  it('claim disjoint batches of due retries and new mails', async () => {
    await a.db.deleteFrom('outbox').execute();
    await a.db.deleteFrom('outbox_retry').execute();
    const now = a.clock.now();
    for (let i = 0; i < 60; i++) {
      await enqueueMail(
        a.db,
        { to: `d${i}@example.in`, subject: `Due ${i}`, text: 'hi', html: '<p>hi</p>' },
        now,
      );
    }
    // Half of them failed once and are due again now.
    const failing = await claimDueMails(a.db, a.app.deps.dbKind, 'first', now, MAIL_LEASE_MS, 30);
    const again = { sent: false, attempts: 1, nextAttemptAt: now, error: 'busy' } as const;
    await a.db.transaction().execute((trx) =>
      recordMailOutcomes(
        trx,
        'first',
        now,
        failing.map((mail) => ({ mail, ...again })),
      ),
    );
    const claims = await Promise.all(
      ['w1', 'w2', 'w3', 'w4'].map((w, i) =>
        claimDueMails((i % 2 ? b : a).db, a.app.deps.dbKind, w, now, MAIL_LEASE_MS, 20),
      ),
    );
    for (const batch of claims) expect(batch.length).toBeLessThanOrEqual(20);
    const subjects = claims.flat().map((m) => m.subject);
    expect(subjects).toHaveLength(60);
    expect(new Set(subjects).size).toBe(60);
    expect(claims.flat().filter((m) => m.retry)).toHaveLength(30);
    await a.db.deleteFrom('outbox').execute();
    await a.db.deleteFrom('outbox_retry').execute();
  });

  it('never send one mail twice', async () => {
    const total = 60;
    for (let i = 0; i < total; i++) {
      await enqueueMail(
        a.db,
        { to: `r${i}@example.in`, subject: `Mail ${i}`, text: 'hi', html: '<p>hi</p>' },
        a.clock.now(),
      );
    }
    const results = await Promise.all([
      drainOutbox(a.app.deps, { workerId: 'worker-a' }),
      drainOutbox(b.app.deps, { workerId: 'worker-b' }),
      drainOutbox(a.app.deps, { workerId: 'worker-c' }),
      drainOutbox(b.app.deps, { workerId: 'worker-d' }),
    ]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(total);
    expect(results.filter((r) => r.sent > 0).length).toBeGreaterThan(1); // they really worked side by side
    const subjects = smtp.received.map((m) => m.subject);
    expect(subjects).toHaveLength(total);
    expect(new Set(subjects).size).toBe(total);
    const left = await a.db.selectFrom('mails').select('id').where('status', '!=', 'sent').execute();
    expect(left).toEqual([]);
  });
});
