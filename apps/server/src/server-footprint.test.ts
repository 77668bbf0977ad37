import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount } from './test/accounts.js';
import { startServerProcess } from './test/server-process.js';

/**
 * A server on SQLite with neither Redis nor SMTP carries no client for them: pg, ioredis and nodemailer
 * (which loads Node's fetch) are megabytes of idle heap it would carry for nothing (decision 017). Nor
 * Node's fetch itself, which an ES import of node:http loads (decision 019, "Memory").
 */
describe('what a server process loads', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'saathchalo-footprint-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function packagesLoaded(env: Record<string, string>, work: (base: string) => Promise<void>) {
    const server = await startServerProcess(
      { JWT_SECRET: 'footprint-secret-0123456789abcdefghijklmnop', DATA_DIR: join(dir, 'data'), ...env },
      ['--import', './src/test/report-packages.mjs'],
    );
    try {
      await work(server.base);
    } finally {
      await server.stop();
    }
    const output = server.output();
    return { output, loaded: [...output.matchAll(/^package-loaded (\S+)$/gm)].map((m) => m[1]) };
  }

  it('on SQLite without Redis or SMTP: better-sqlite3, and no pg, ioredis, nodemailer or fetch, even after mail is sent', async () => {
    const { loaded, output } = await packagesLoaded(
      { DATABASE_URL: `sqlite:${join(dir, 'a.db')}`, LOG_LEVEL: 'info' },
      async (base) => {
        const res = await fetch(`${base}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(newAccount()),
        });
        expect(res.status).toBe(201);
        // Wait for the outbox worker to hand the verification mail to the log (no SMTP_URL).
        await new Promise((r) => setTimeout(r, 2_500));
      },
    );
    expect(output).toContain('mail (SMTP_URL unset, not sent)');
    expect(loaded).toContain('better-sqlite3');
    expect(loaded).toContain('fastify');
    expect(loaded).not.toContain('pg');
    expect(loaded).not.toContain('ioredis');
    expect(loaded).not.toContain('nodemailer');
    expect(loaded).not.toContain('node:undici');
  }, 60_000);

  it('loads ioredis once REDIS_URL names a Redis', async () => {
    const { loaded } = await packagesLoaded(
      { DATABASE_URL: `sqlite:${join(dir, 'b.db')}`, REDIS_URL: 'redis://127.0.0.1:6379' },
      async () => {},
    );
    expect(loaded).toContain('ioredis');
    expect(loaded).not.toContain('pg');
  }, 60_000);
});
