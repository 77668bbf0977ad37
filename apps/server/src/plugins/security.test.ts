import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_SCRIPT } from '@saathchalo/shared';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { HELMET_OPTIONS } from './security.js';

/** What helmet itself puts on a real Node response with our options: the reference. */
async function helmetReference(): Promise<Record<string, string>> {
  const server: Server = createServer((req, res) => {
    helmet(HELMET_OPTIONS)(req, res, () => res.end('ok'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/`);
    await res.text();
    const ignored = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);
    return Object.fromEntries([...res.headers].filter(([name]) => !ignored.has(name)));
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('security headers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('are exactly the headers helmet sets, on API answers, errors and the web app', async () => {
    const expected = await helmetReference();
    expect(expected['content-security-policy']).toContain("frame-ancestors 'none'");
    for (const url of ['/api/health', '/api/nope', '/api/rides/search', '/']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected)) {
        expect({ url, name, value: res.headers[name] }).toEqual({ url, name, value });
      }
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it("lets the web app's boot script run inline, by its hash, and no other inline script", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .find((d) => d.startsWith('script-src'));
    const hash = createHash('sha256').update(BOOT_SCRIPT).digest('base64');
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });
});
