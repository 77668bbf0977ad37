import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import { startSmtp } from '../../test/smtp.js';
import { testDatabaseKind } from '../../test/test-db.js';
import { drainOutbox, MAIL_CONNECTIONS } from './mail-worker.js';
import { enqueueMail } from './outbox.repo.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
const track = <T extends { close(): Promise<void> }>(x: T): T => {
  cleanups.push(() => x.close());
  return x;
};

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
});
