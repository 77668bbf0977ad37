import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR } from '@saathchalo/shared';
import { HTTP_ERR } from '../lib/envelope.js';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { openSocket, parseRawAnswer, rawExchange } from '../test/raw-http.js';

const envelopeOf = (code: string, error: string, message = error) => ({
  success: false,
  data: null,
  message,
  error,
  code,
});

async function listen(ctx: TestContext): Promise<number> {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return (ctx.app.server.address() as AddressInfo).port;
}

describe('every answer under /api is the envelope, whatever layer produces it', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { REQUEST_TIMEOUT_MS: '300', HEADERS_TIMEOUT_MS: '300' } });
    port = await listen(ctx);
  });
  afterAll(() => ctx.close());

  it('404 for an unknown path', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(envelopeOf('NOT_FOUND', 'Route GET /api/nowhere not found', ERR.notFound));
  });

  it('414 for an over-long path parameter', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/rides/${'a'.repeat(300)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual(envelopeOf('URI_TOO_LONG', HTTP_ERR.uriTooLong));
  });

  it('400 for a path that is not valid percent-encoding', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/rides/%ff' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(envelopeOf('BAD_REQUEST', HTTP_ERR.badUrl));
  });

  it('415 for a content type the API does not read', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual(envelopeOf('UNSUPPORTED_TYPE', HTTP_ERR.unsupportedType));
  });

  it('413 for an over-large body that is not JSON, and 400 for an over-large JSON body as the contract says', async () => {
    const text = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'x'.repeat(100 * 1024),
    });
    expect(text.statusCode).toBe(413);
    expect(text.json()).toEqual(envelopeOf('TOO_LARGE', HTTP_ERR.tooLarge));
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(100 * 1024) }),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual(envelopeOf('VALIDATION_FAILED', 'Request body is too large', ERR.validationFailed));
  });

  it('408 for a body that stops arriving (Content-Length larger than what is sent)', async () => {
    const started = Date.now();
    const answer = await rawExchange(
      port,
      'POST /api/auth/login HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
    );
    expect(answer.status).toBe(408);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(answer.body)).toEqual(envelopeOf('REQUEST_TIMEOUT', HTTP_ERR.timeout));
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('431 for headers larger than the server reads', async () => {
    const answer = await rawExchange(
      port,
      `GET /api/health HTTP/1.1\r\nHost: t\r\nX-Padding: ${'p'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toEqual(envelopeOf('HEADERS_TOO_LARGE', HTTP_ERR.headersTooLarge));
  });
});

describe('while the server shuts down', () => {
  it('answers 503 with Retry-After in the envelope', async () => {
    const ctx = await createTestApp();
    const port = await listen(ctx);
    // An upload still arriving keeps the server open; a second client has begun its request meanwhile.
    const uploading = await openSocket(port);
    uploading.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{',
    );
    const late = await openSocket(port);
    late.write('GET /api/health HTTP/1.1\r\nHost: t\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = ctx.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    late.write('\r\n');
    await late.ended;
    uploading.destroy();
    await closing;
    const answer = parseRawAnswer(late.received());
    expect(answer.status).toBe(503);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(answer.body)).toEqual(envelopeOf('UNAVAILABLE', HTTP_ERR.shuttingDown));
  });
});
