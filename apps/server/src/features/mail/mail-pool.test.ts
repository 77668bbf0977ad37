import { describe, expect, it } from 'vitest';
import { closedAfterEach } from '../../test/cleanups.js';
import { createTestApp } from '../../test/test-app.js';
import { startSmtp } from '../../test/smtp.js';
import { testDatabaseKind } from '../../test/test-db.js';
import { MAIL_CONNECTIONS } from './mail-transports.js';
import { drainOutbox, MAIL_LEASE_MS } from './mail-worker.js';
import { enqueueMail } from './outbox.repo.js';

const { track } = closedAfterEach();

describe(`sending over pooled SMTP connections (${testDatabaseKind})`, () => {
  it('pays for a slow greeting once per pooled connection, not once per mail, and sends several at once', async () => {
    const smtp = track(await startSmtp({ greetingMs: 100, dataMs: 5 }));
    const ctx = track(await createTestApp({ env: { SMTP_URL: smtp.url } }));
    for (let i = 0; i < 200; i++) {
      await enqueueMail(
        ctx.db,
        { to: `p${i}@example.in`, subject: `Pool ${i}`, text: 'hi', html: '<p>hi</p>' },
        ctx.clock.now(),
      );
    }
    expect(await drainOutbox(ctx.app.deps)).toEqual({ sent: 200, failed: 0 });
    expect(new Set(smtp.received.map((m) => m.subject)).size).toBe(200);
    expect(smtp.stats.connections).toBeLessThanOrEqual(MAIL_CONNECTIONS);
    expect(smtp.stats.mostAtOnce).toBeGreaterThan(1);
  });

  it('gives up on sends a hung server holds past the deadline, as failed attempts within the lease', async () => {
    const smtp = track(await startSmtp({ dataMs: 60_000 }));
    const ctx = track(await createTestApp({ env: { SMTP_URL: smtp.url } }));
    for (let i = 0; i < 12; i++) {
      await enqueueMail(
        ctx.db,
        { to: `h${i}@example.in`, subject: `Hung ${i}`, text: 'hi', html: '<p>hi</p>' },
        ctx.clock.now(),
      );
    }
    const started = Date.now();
    expect(await drainOutbox(ctx.app.deps, { deadlineMs: 300 })).toEqual({ sent: 0, failed: 12 });
    expect(Date.now() - started).toBeLessThan(MAIL_LEASE_MS);
    const rows = await ctx.db.selectFrom('mails').selectAll().execute();
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1, claimed_by: null });
      expect(row.last_error).toMatch(/abort/i);
    }
  });
});
