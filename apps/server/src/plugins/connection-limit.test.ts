import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { openSocket, parseRawAnswer } from '../test/raw-http.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('connections per client address', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp({ env: { MAX_CONNECTIONS_PER_IP: '3' } });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(() => ctx.close());

  it('closes a connection over the cap at once, and takes new ones when others have closed', async () => {
    const held = await Promise.all([1, 2, 3].map(() => openSocket(port)));
    for (const socket of held) socket.write('GET /api/health HTTP/1.1\r\nHost: t\r\n');
    const extra = await openSocket(port);
    extra.write('GET /api/health HTTP/1.1\r\nHost: t\r\n\r\n');
    const closed = await Promise.race([extra.ended.then(() => true), sleep(2_000).then(() => false)]);
    expect({ closed, received: extra.received() }).toEqual({ closed: true, received: '' });

    held[0]!.destroy();
    await held[0]!.ended;
    await sleep(50);
    const next = await openSocket(port);
    next.write('GET /api/health HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n');
    await next.ended;
    expect(parseRawAnswer(next.received()).status).toBe(200);
    for (const socket of held) socket.destroy();
  });
});
