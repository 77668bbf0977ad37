import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwt } from '../lib/jwt.js';
import { envelopeProblem } from '../test/envelope-check.js';
import { createUser, type TestUser } from '../test/factories.js';
import { malformedRequest, operationsOf, type AuthMode, type KnownIds } from '../test/fuzz-cases.js';
import { Random } from '../test/fuzz-random.js';
import { book, offerRide } from '../test/marketplace.js';
import { createTestApp, type TestContext } from '../test/test-app.js';
import { testDatabaseKind } from '../test/test-db.js';

/** Fixed, so a failure is reproduced by running the file again; printed with every run. */
const SEED = 20_261_117;
const PER_OPERATION = 60;
const SLOW_MS = 5_000;

let ctx: TestContext;
let driver: TestUser;
let ids: KnownIds;
beforeAll(async () => {
  ctx = await createTestApp();
  driver = await createUser(ctx);
  const passenger = await createUser(ctx);
  const ride = await offerRide(ctx, driver);
  const booking = await book(ctx, passenger, ride.id);
  ids = { ride: ride.id, booking: booking.id, user: passenger.id };
});
afterAll(() => ctx.close());

/** These end the session they are called with, so each gets a user of its own. */
const endsSession = (method: string, url: string) =>
  (method === 'DELETE' && url.startsWith('/api/users/profile')) || url.startsWith('/api/auth/logout');

async function authorization(mode: AuthMode, method: string, url: string): Promise<string | undefined> {
  if (mode === 'none') return undefined;
  if (mode === 'valid') return (endsSession(method, url) ? await createUser(ctx) : driver).auth.authorization;
  if (mode === 'forged') {
    const forged = createJwt('a-secret-that-is-not-the-servers-own-secret-at-all');
    return `Bearer ${await forged.sign({ userId: driver.id, sessionId: 'forged' }, ctx.clock.now())}`;
  }
  if (mode === 'huge') return `Bearer ${'x'.repeat(8_000)}`;
  if (mode === 'basic') return 'Basic Zm9vOmJhcg==';
  return 'Bearer not.a.jwt';
}

type Findings = Map<string, { count: number; example: Record<string, unknown> }>;

function note(findings: Findings, key: string, example: () => Record<string, unknown>): void {
  const seen = findings.get(key);
  if (seen) seen.count += 1;
  else findings.set(key, { count: 1, example: example() });
}

describe('every operation of the OpenAPI document, under malformed input', () => {
  it(
    'answers each in the envelope, never with a 5xx, within 5 s, and with 401 first when the token is missing or bad',
    { timeout: 180_000 },
    async () => {
      console.log(`openapi fuzz: seed ${SEED}, ${PER_OPERATION} requests per operation, ${testDatabaseKind}`);
      const rnd = new Random(SEED);
      const operations = operationsOf(ctx.app.swagger() as Parameters<typeof operationsOf>[0]);
      expect(operations.length).toBeGreaterThanOrEqual(34);
      const broken: Findings = new Map();
      const notRefused: Findings = new Map();
      const statuses = new Map<number, number>();
      let sent = 0;
      for (const op of operations) {
        for (let i = 0; i < PER_OPERATION; i += 1) {
          const req = malformedRequest(op, i, rnd, ids);
          const auth = await authorization(req.auth, req.method, req.url);
          const started = performance.now();
          const res = await ctx.app.inject({
            method: req.method as 'GET',
            url: req.url,
            headers: {
              ...(req.contentType ? { 'content-type': req.contentType } : {}),
              ...(auth ? { authorization: auth } : {}),
            },
            payload: req.payload,
            // Many clients, as behind a carrier's NAT, so per-IP limits do not hide the code behind them.
            remoteAddress: `10.${rnd.int(256)}.${rnd.int(256)}.${rnd.int(256)}`,
          });
          const ms = performance.now() - started;
          sent += 1;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const example = () => ({
            url: req.url.slice(0, 160),
            contentType: req.contentType,
            payload: String(req.payload ?? '').slice(0, 120),
            auth: req.auth,
            status: res.statusCode,
            body: res.body.slice(0, 200),
          });
          // A calendar file (section 8) is the one success that is not an envelope.
          const calendar =
            res.statusCode === 200 && String(res.headers['content-type']).startsWith('text/calendar');
          const problem =
            (calendar ? null : envelopeProblem(res)) ??
            (ms > SLOW_MS ? `slower than 5 s (${Math.round(ms)} ms)` : null);
          if (problem) note(broken, `${op.method} ${op.path} (${req.kind}): ${problem}`, example);
          // CONTRACT section 2: without a valid token, 401 before the body (or the query) is looked at.
          if (op.secured && req.auth !== 'valid' && !req.inPath && res.statusCode !== 401)
            note(
              notRefused,
              `${op.method} ${op.path} (${req.kind}): ${res.statusCode} instead of 401`,
              example,
            );
        }
      }
      console.log(`openapi fuzz: ${sent} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
      expect(sent).toBeGreaterThanOrEqual(2_000);
      expect
        .soft(Object.fromEntries(broken), 'answers that break the envelope, fail or are slow')
        .toEqual({});
      expect.soft(Object.fromEntries(notRefused), 'calls not refused with 401 first').toEqual({});
    },
  );
});
