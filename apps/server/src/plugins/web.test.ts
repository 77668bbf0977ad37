import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.js';

const INDEX = '<!doctype html><title>SaathChalo</title><div id="root"></div>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;

describe('the web app served beside the API', () => {
  let ctx: TestContext;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'saathchalo-web-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), SCRIPT);
    writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
    ctx = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers / and every screen path with the HTML shell, never cached without revalidation', async () => {
    for (const url of ['/', '/dashboard', '/find-ride?from=Pune']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the compressed sibling of a hashed asset to a browser that accepts it, cached for good', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
  });

  it('keeps unknown API paths a JSON 404 instead of the shell', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: 'Route GET /api/no-such-call not found' });
  });
});

describe('screens rendered at build time', () => {
  let ctx: TestContext;
  let dist: string;
  const HOME = '<!doctype html><div id="root" data-prerendered="/"><h1>Carpool</h1></div>';
  const SIGN_IN = '<!doctype html><div id="root" data-prerendered="/signin"><h1>Sign In</h1></div>';

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'saathchalo-web-'));
    mkdirSync(join(dist, 'prerendered'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'prerendered', 'index.html'), HOME);
    writeFileSync(join(dist, 'prerendered', 'signin.html'), SIGN_IN);
    ctx = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers a prerendered screen with its own HTML, with or without a query or a trailing slash', async () => {
    for (const [url, body] of [
      ['/', HOME],
      ['/signin', SIGN_IN],
      ['/signin/', SIGN_IN],
      ['/signin?next=%2Fdashboard', SIGN_IN],
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode, body: res.body }).toEqual({ url, status: 200, body });
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers every other screen path with the plain shell', async () => {
    for (const url of ['/dashboard', '/signup', '/no-such-screen']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect({ url, body: res.body }).toEqual({ url, body: INDEX });
    }
  });
});
