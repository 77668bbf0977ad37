import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, istDate } from '@saathchalo/shared';
import { createUser } from '../../test/factories.js';
import { runJobs } from '../../test/jobs.js';
import { book, offerRide } from '../../test/marketplace.js';
import { startServerProcess } from '../../test/server-process.js';
import { createTestApp, TEST_NOW, type TestContext } from '../../test/test-app.js';
import { runDueJobs } from './index.js';
import { claimDueJobs, finishJob, reopenJob } from './jobs.repo.js';

let ctx: TestContext;
beforeAll(async () => {
  // On a file, so a second app and a server process can open the same SQLite database.
  ctx = await createTestApp({ file: true });
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
const EXPIRED = 'Booking request expired: Bengaluru to Mysuru';

const expiryMails = async () =>
  (await ctx.db.selectFrom('mails').select('to_address').where('subject', '=', EXPIRED).execute()).length;

describe('the job mechanism', () => {
  it('runs each due job exactly once when two apps on one database run at the same moment', async () => {
    ctx.clock.set(TEST_NOW);
    const driver = await createUser(ctx);
    const ride = await offerRide(ctx, driver, { departureDate: '2026-11-26', passengers: 8 });
    for (let i = 0; i < 8; i += 1) await book(ctx, await createUser(ctx), ride.id);
    const before = await expiryMails();
    const other = await createTestApp({ databaseUrl: ctx.database.url });
    try {
      ctx.clock.set(Date.parse(TEST_NOW) + 12 * HOUR);
      other.clock.set(Date.parse(TEST_NOW) + 12 * HOUR);
      const runs = await Promise.all([runJobs(ctx), runJobs(other), runJobs(ctx), runJobs(other)]);
      expect(runs.reduce((n, r) => n + r.failed, 0)).toBe(0);
    } finally {
      await other.app.close();
      await other.database.destroy();
    }
    // Two mails (passenger and driver) for each of the 8 requests, none twice.
    expect((await expiryMails()) - before).toBe(16);
  });

  it('retries a job whose handler failed, later, and records why', async () => {
    ctx.clock.set(TEST_NOW);
    await ctx.db
      .insertInto('jobs')
      .values({
        key: 'boom:1',
        kind: 'boom',
        subject_id: '1',
        due_at: ctx.clock.now(),
        created_at: ctx.clock.now(),
      })
      .execute();
    const result = await runDueJobs(ctx.app.deps, { boom: async () => Promise.reject(new Error('no luck')) });
    expect(result).toEqual({ ran: 0, failed: 1 });
    const row = await ctx.db
      .selectFrom('jobs')
      .selectAll()
      .where('key', '=', 'boom:1')
      .executeTakeFirstOrThrow();
    expect({
      attempts: row.attempts,
      error: row.last_error,
      later: Number(row.due_at) > ctx.clock.now(),
    }).toEqual({
      attempts: 1,
      error: 'no luck',
      later: true,
    });
    await ctx.db.deleteFrom('jobs').where('key', '=', 'boom:1').execute();
  });
});

describe('reopening a job', () => {
  const row = (key: string) =>
    ctx.db
      .selectFrom('jobs')
      .select(['due_at', 'done_at', 'claimed_by'])
      .where('key', '=', key)
      .executeTakeFirstOrThrow();

  it('makes a done job due again, and a worker holding it cannot mark it done from its old run', async () => {
    ctx.clock.set(TEST_NOW);
    const now = ctx.clock.now();
    const deps = ctx.app.deps;
    const job = { kind: 'reopen-test', subjectId: '1', dueAt: now };
    await reopenJob(ctx.db, job, now);
    const [claimed] = await claimDueJobs(ctx.db, deps.dbKind, 'w1', now, 60_000, 64);
    expect(await finishJob(ctx.db, claimed!.key, 'w1', now, null)).toBe(true);
    await reopenJob(ctx.db, { ...job, dueAt: now + HOUR }, now);
    expect(await row('reopen-test:1')).toEqual({ due_at: now + HOUR, done_at: null, claimed_by: null });
    // Claimed by a worker, then reopened while it runs: its finish is refused (its run rolls back).
    const [again] = await claimDueJobs(ctx.db, deps.dbKind, 'w2', now + HOUR, 60_000, 64);
    await reopenJob(ctx.db, { ...job, dueAt: now + 2 * HOUR }, now);
    expect(await finishJob(ctx.db, again!.key, 'w2', now + HOUR, null)).toBe(false);
    expect(await row('reopen-test:1')).toEqual({ due_at: now + 2 * HOUR, done_at: null, claimed_by: null });
    await ctx.db.deleteFrom('jobs').where('key', '=', 'reopen-test:1').execute();
  });
});

describe('a restart', () => {
  const dir = mkdtempSync(join(tmpdir(), 'saathchalo-jobs-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs at start the jobs that fell due while the server was down, once', async () => {
    // A request made 13 hours ago (by the real clock) that nobody answered: its expiry fell due an hour ago.
    const realNow = Date.now();
    ctx.clock.set(realNow - 13 * HOUR);
    const driver = await createUser(ctx);
    const passenger = await createUser(ctx);
    const ride = await offerRide(ctx, driver, { departureDate: addDays(istDate(realNow), 3) });
    const booking = await book(ctx, passenger, ride.id);
    const env = { DATABASE_URL: ctx.database.url, JWT_SECRET: ctx.config.jwtSecret, DATA_DIR: dir };
    const status = async () =>
      (
        await ctx.db
          .selectFrom('bookings')
          .select('status')
          .where('id', '=', booking.id)
          .executeTakeFirstOrThrow()
      ).status;
    const mailsToPassenger = async () =>
      (
        await ctx.db
          .selectFrom('mails')
          .select('id')
          .where('to_address', '=', passenger.email)
          .where('subject', '=', EXPIRED)
          .execute()
      ).length;
    for (let start = 0; start < 2; start += 1) {
      const server = await startServerProcess(env);
      try {
        const until = Date.now() + 15_000;
        while ((await status()) !== 'CANCELLED' && Date.now() < until)
          await new Promise((r) => setTimeout(r, 100));
        await new Promise((r) => setTimeout(r, 500)); // a second start has a moment to do it again, if it would
      } finally {
        await server.stop();
      }
      expect({ start, status: await status(), mails: await mailsToPassenger() }).toEqual({
        start,
        status: 'CANCELLED',
        mails: 1,
      });
    }
  }, 90_000);
});
