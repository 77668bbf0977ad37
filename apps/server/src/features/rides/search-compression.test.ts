import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { dateSequence, offerRide } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * Search answers go out gzip-compressed to clients that take it, from the same kept page (search-page.ts,
 * decision 029), and as plain JSON to any other; the two are the same answer.
 */
const FRONT = 'https://front.example.in';
let ctx: TestContext;
let searcher: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({ env: { CORS_ORIGINS: FRONT } });
  searcher = await createUser(ctx);
});
afterAll(() => ctx.close());

const nextDate = dateSequence();

function get(url: string, user: TestUser, acceptEncoding?: string, origin?: string) {
  const headers = {
    ...user.auth,
    ...(origin === undefined ? {} : { origin }),
    ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
  };
  return ctx.app.inject({ method: 'GET', url, headers });
}

/** The answer's JSON text, inflated when it came compressed. */
const textOf = (res: Awaited<ReturnType<typeof get>>) =>
  res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString() : res.body;

describe('search answers and compression', () => {
  it('sends gzip to a client that takes it, the same answer as the plain JSON, the first time and from the kept page', async () => {
    const date = nextDate();
    const driver = await createUser(ctx);
    const ride = await offerRide(ctx, driver, { from: 'Pune', to: 'Nashik', departureDate: date });
    const url = `/api/rides/search?from=Pune&to=Nashik&date=${date}`;
    const first = await get(url, searcher, 'gzip, deflate, br');
    const kept = await get(url, searcher, 'gzip, deflate, br');
    const plain = await get(url, searcher);
    for (const res of [first, kept]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(textOf(res)).toBe(plain.body);
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    expect(plain.json().data).toEqual([expect.objectContaining({ id: ride.id, isOwnRide: false })]);
    expect(first.rawPayload.length).toBeLessThan(plain.rawPayload.length);
  });

  it('sends plain JSON when gzip is refused with q=0 or only identity is asked for', async () => {
    const date = nextDate();
    await offerRide(ctx, await createUser(ctx), { from: 'Surat', to: 'Vadodara', departureDate: date });
    const url = `/api/rides/search?from=Surat&to=Vadodara&date=${date}`;
    for (const header of ['gzip;q=0, br', 'identity', '*;q=0']) {
      const res = await get(url, searcher, header);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json().data).toHaveLength(1);
    }
  });

  it("flags the driver's own ride for them while the same page goes compressed to everyone else", async () => {
    const date = nextDate();
    const driver = await createUser(ctx);
    const ride = await offerRide(ctx, driver, { from: 'Agra', to: 'Mathura', departureDate: date });
    const other = await offerRide(ctx, await createUser(ctx), {
      from: 'Agra',
      to: 'Mathura',
      departureDate: date,
      departureTime: '11:00',
    });
    const url = `/api/rides/search?from=Agra&to=Mathura&date=${date}`;
    await get(url, searcher, 'gzip'); // the page is kept
    const own = await get(url, driver, 'gzip');
    const flags = (text: string) =>
      (JSON.parse(text).data as { id: string; isOwnRide: boolean }[]).map((r) => [r.id, r.isOwnRide]);
    expect(flags(textOf(own))).toEqual([
      [ride.id, true],
      [other.id, false],
    ]);
    expect(flags(textOf(await get(url, searcher, 'gzip')))).toEqual([
      [ride.id, false],
      [other.id, false],
    ]);
  });

  it("keeps CORS's Vary: Origin beside Accept-Encoding for a client on another origin", async () => {
    const date = nextDate();
    await offerRide(ctx, await createUser(ctx), { from: 'Jaipur', to: 'Ajmer', departureDate: date });
    const res = await get(`/api/rides/search?from=Jaipur&to=Ajmer&date=${date}`, searcher, 'gzip', FRONT);
    expect(res.headers['access-control-allow-origin']).toBe(FRONT);
    expect(
      String(res.headers.vary)
        .split(/,\s*/)
        .map((v) => v.toLowerCase())
        .sort(),
    ).toEqual(['accept-encoding', 'origin']);
    expect(JSON.parse(textOf(res)).data).toHaveLength(1);
  });

  it('compresses the filter answer too', async () => {
    const date = nextDate();
    await offerRide(ctx, await createUser(ctx), { from: 'Lucknow', to: 'Kanpur', departureDate: date });
    const url = `/api/rides/filter?from=Lucknow&to=Kanpur&date=${date}&sort=price&maxPrice=5000`;
    const res = await get(url, searcher, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(textOf(res)).toBe((await get(url, searcher)).body);
  });
});
