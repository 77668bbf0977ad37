import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSocket } from './test/raw-http.js';
import { startServerProcess } from './test/server-process.js';

describe('SIGTERM', () => {
  const dir = mkdtempSync(join(tmpdir(), 'saathchalo-shutdown-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('exits 0 within the shutdown deadline while a client stalls in the middle of its body', async () => {
    const deadlineMs = 1_000;
    const server = await startServerProcess({
      JWT_SECRET: 'shutdown-secret-0123456789abcdefghijklmnop',
      DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
      DATA_DIR: dir,
      SHUTDOWN_TIMEOUT_MS: String(deadlineMs),
    });
    const stalled = await openSocket(Number(new URL(server.base).port));
    stalled.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const exited = new Promise<number | null>((resolve) =>
      server.child.once('exit', (code) => resolve(code)),
    );
    const started = Date.now();
    server.child.kill('SIGTERM');
    const timeout = new Promise<'still running'>((resolve) =>
      setTimeout(() => resolve('still running'), 10_000),
    );
    const code = await Promise.race([exited, timeout]);
    const tookMs = Date.now() - started;
    if (code === 'still running') server.child.kill('SIGKILL');
    stalled.destroy();
    expect({ code, output: code === 0 ? '' : server.output() }).toEqual({ code: 0, output: '' });
    expect(tookMs).toBeGreaterThanOrEqual(deadlineMs - 50);
    expect(tookMs).toBeLessThan(deadlineMs + 3_000);
  });
});
