import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commuteBody, createCommute } from '../test/commutes.js';
import { envelopeProblem } from '../test/envelope-check.js';
import { createUser } from '../test/factories.js';
import { book, offerRide } from '../test/marketplace.js';
import { CLIENT_ORIGIN, preflightAllows, specCall } from '../test/spec-client.js';
import { createTestApp, type TestContext } from '../test/test-app.js';

/**
 * Sections 7 to 9 called as the specification's client calls everything (CONTRACT section 2): from
 * another origin, `Content-Type: application/json` on every call, an empty body where there is nothing
 * to send, and no token or a broken body answered 401 before the body is looked at.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { CORS_ORIGINS: CLIENT_ORIGIN } });
});
afterAll(() => ctx.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const ID = '00000000-0000-4000-8000-000000000000';

/** Every signed-in call of sections 7 to 9, with an id where its path takes one. */
const PROTECTED: [Method, string][] = [
  ['POST', '/commutes'],
  ['GET', '/commutes/my'],
  ['GET', `/commutes/${ID}`],
  ['PUT', `/commutes/${ID}`],
  ['DELETE', `/commutes/${ID}`],
  ['GET', `/commutes/${ID}/calendar.ics`],
  ['POST', `/commutes/${ID}/subscriptions`],
  ['DELETE', `/commutes/${ID}/subscriptions/mine`],
  ['POST', '/users/phone/verification'],
  ['POST', '/users/phone/verification/confirm'],
  ['GET', '/users/blocked'],
  ['POST', `/users/${ID}/block`],
  ['DELETE', `/users/${ID}/block`],
  ['POST', `/users/${ID}/reports`],
  ['POST', `/bookings/${ID}/share`],
  ['GET', `/bookings/${ID}/calendar.ics`],
];

describe('sections 7 to 9 from another origin', () => {
  it('pass the preflight and answer 401 in the envelope without a token, whatever the body', async () => {
    const wrong: string[] = [];
    for (const [method, path] of PROTECTED) {
      for (const payload of ['', '{"broken', JSON.stringify({ seats: 'x'.repeat(5000) })]) {
        const a = await specCall(ctx, method, path);
        if (!preflightAllows(a.preflight, method, true)) wrong.push(`${method} ${path}: preflight`);
        const res = await ctx.app.inject({
          method,
          url: `/api${path}`,
          headers: { origin: CLIENT_ORIGIN, 'content-type': 'application/json' },
          payload: method === 'GET' ? undefined : payload,
        });
        const problem = envelopeProblem(res);
        if (res.statusCode !== 401 || problem || res.json().error !== 'Authentication required')
          wrong.push(
            `${method} ${path} ${JSON.stringify(payload.slice(0, 8))}: ${res.statusCode} ${problem}`,
          );
        if (res.headers['access-control-allow-origin'] !== CLIENT_ORIGIN)
          wrong.push(`${method} ${path}: no CORS on the 401`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('take an empty JSON body as no body on every call that has nothing to send', async () => {
    const driver = await createUser(ctx, { gender: 'FEMALE' });
    const passenger = await createUser(ctx);
    const other = await createUser(ctx);
    const commute = await createCommute(ctx, driver, commuteBody({ instantBooking: true }));
    const ride = await offerRide(ctx, driver, { instantBooking: true });
    const booking = await book(ctx, passenger, ride.id);
    const as = (u: { token: string }) => ({ token: u.token });

    const answers = {
      places: await specCall(ctx, 'GET', '/places?q=Whitefield', as(passenger)),
      subscribe: await specCall(ctx, 'POST', `/commutes/${commute.id}/subscriptions`, as(passenger)),
      unsubscribe: await specCall(ctx, 'DELETE', `/commutes/${commute.id}/subscriptions/mine`, as(passenger)),
      share: await specCall(ctx, 'POST', `/bookings/${booking.id}/share`, as(passenger)),
      sendCode: await specCall(ctx, 'POST', '/users/phone/verification', as(passenger)),
      block: await specCall(ctx, 'POST', `/users/${other.id}/block`, as(passenger)),
      blocked: await specCall(ctx, 'GET', '/users/blocked', as(passenger)),
      unblock: await specCall(ctx, 'DELETE', `/users/${other.id}/block`, as(passenger)),
      stop: await specCall(ctx, 'DELETE', `/commutes/${commute.id}`, as(driver)),
    };
    const seen = Object.fromEntries(
      Object.entries(answers).map(([name, a]) => [
        name,
        {
          status: a.status,
          success: a.body.success,
          cors: a.headers['access-control-allow-origin'] === CLIENT_ORIGIN,
          preflight: preflightAllows(
            a.preflight,
            name === 'unsubscribe' || name === 'unblock' || name === 'stop' ? 'DELETE' : 'POST',
            true,
          ),
        },
      ]),
    );
    const ok = (status: number) => ({ status, success: true, cors: true, preflight: true });
    expect(seen).toEqual({
      places: ok(200),
      subscribe: ok(201),
      unsubscribe: ok(200),
      share: ok(201),
      sendCode: ok(200),
      block: ok(200),
      blocked: ok(200),
      unblock: ok(200),
      stop: ok(200),
    });
    const trip = await specCall(ctx, 'GET', `/trips/${answers.share.body.data.token}`);
    expect([trip.status, trip.body.success, trip.headers['access-control-allow-origin']]).toEqual([
      200,
      true,
      CLIENT_ORIGIN,
    ]);
    const dead = await specCall(ctx, 'GET', '/trips/no-such-token');
    expect(
      envelopeProblem({ statusCode: dead.status, headers: dead.headers, body: JSON.stringify(dead.body) }),
    ).toBeNull();
    expect(dead.status).toBe(404);
  });
});
