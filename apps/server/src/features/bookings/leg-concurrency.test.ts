import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR } from '@saathchalo/shared';
import { createUser, type TestUser } from '../../test/factories.js';
import { legState, offerRide, rideBody, TOMORROW } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { testDatabaseKind } from '../../test/test-db.js';

/**
 * Seats per leg under load (decision 019): overlapping segments of one ride booked, cancelled and edited
 * at once. On PostgreSQL the requests run in parallel over the pool (and over two app instances), so
 * only the ride's row lock and the legs' conditional update keep every leg exact.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** Bengaluru → Maddur → Mandya → Mysuru: three legs. */
const STOPS = [{ place: 'Maddur' }, { place: 'Mandya' }];
const SEGMENTS = [
  [0, 1],
  [0, 2],
  [0, 3],
  [1, 2],
  [1, 3],
  [2, 3],
] as const;

async function users(n: number): Promise<TestUser[]> {
  const list: TestUser[] = [];
  for (let i = 0; i < n; i += 1) list.push(await createUser(ctx));
  return list;
}

function bookVia(app: FastifyInstance, user: TestUser, rideId: string, i: number, seats = 1) {
  const [fromStop, toStop] = SEGMENTS[i % SEGMENTS.length]!;
  return app.inject({
    method: 'POST',
    url: `/api/rides/${rideId}/book`,
    headers: user.auth,
    payload: { seatsRequested: seats, fromStop, toStop },
  });
}

/** Every leg as its bookings hold it, never below zero, and the ride's seats the smallest leg. */
async function expectExactLegs(rideId: string) {
  const state = await legState(ctx, rideId);
  expect(state.legs).toEqual(state.expected);
  expect(Math.min(...state.legs)).toBeGreaterThanOrEqual(0);
  expect(state.available).toBe(Math.min(...state.legs));
  return state;
}

async function overlappingRush(apps: FastifyInstance[]) {
  const driver = await createUser(ctx);
  const ride = await offerRide(ctx, driver, { passengers: 4, stops: STOPS, instantBooking: true });
  const crowd = await users(50);
  const results = await Promise.all(
    crowd.map((p, i) => bookVia(apps[i % apps.length]!, p, ride.id, i, 1 + (i % 2))),
  );
  expect(results.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
  for (const r of results.filter((x) => x.statusCode === 409))
    expect(r.json().error).toBe(ERR.notEnoughSeats);
  const state = await expectExactLegs(ride.id);
  // Each leg was filled: a segment was refused only when one of its legs had too few seats left.
  results.forEach((r, i) => {
    if (r.statusCode !== 409) return;
    const [from, to] = SEGMENTS[i % SEGMENTS.length]!;
    expect(Math.min(...state.legs.slice(from, to))).toBeLessThan(1 + (i % 2));
  });
  expect(results.filter((r) => r.statusCode === 201).length).toBeGreaterThanOrEqual(4);
}

/** Cancellations, re-bookings of other segments, newcomers and edits of seats and stops, all at once. */
async function churn(apps: FastifyInstance[]) {
  const driver = await createUser(ctx);
  const ride = await offerRide(ctx, driver, { passengers: 6, stops: STOPS });
  const holders = await users(8);
  const held: ({ id: string } | null)[] = [];
  for (const [i, h] of holders.entries()) held.push((await bookVia(ctx.app, h, ride.id, i)).json().data);
  const newcomers = await users(20);
  const app = (i: number) => apps[i % apps.length]!;
  const edit = (i: number, seats: number, stops: { place: string }[]) =>
    app(i).inject({
      method: 'PUT',
      url: `/api/rides/${ride.id}/update`,
      headers: driver.auth,
      payload: rideBody({ departureDate: TOMORROW, passengers: seats, stops }),
    });
  const results = await Promise.all([
    ...holders.map((h, i) =>
      held[i]
        ? app(i).inject({ method: 'PUT', url: `/api/bookings/${held[i].id}/cancel`, headers: h.auth })
        : null,
    ),
    ...holders.map((h, i) => bookVia(app(i + 1), h, ride.id, i + 3)),
    ...newcomers.map((p, i) => bookVia(app(i), p, ride.id, i, (i % 2) + 1)),
    edit(0, 8, STOPS),
    edit(1, 6, [{ place: 'Channapatna' }, ...STOPS]),
    edit(2, 7, STOPS),
  ]);
  expect(results.every((r) => r === null || r.statusCode < 500)).toBe(true);
  await expectExactLegs(ride.id);
}

describe('overlapping segments of one ride at once', () => {
  it('50 passengers booking overlapping segments never oversell a leg', async () => {
    await overlappingRush([ctx.app]);
  });

  it('racing cancellations, re-bookings and edits leave every leg exact', async () => {
    for (let round = 0; round < 3; round += 1) await churn([ctx.app]);
  });
});

describe.runIf(testDatabaseKind === 'postgres')('two app instances on one PostgreSQL database', () => {
  let other: TestContext;
  let second: FastifyInstance;
  beforeAll(async () => {
    other = await createTestApp({ databaseUrl: ctx.database.url });
    second = other.app;
  });
  afterAll(() => other.close());

  it('never oversell a leg when 50 overlapping bookings are split across both', async () => {
    await overlappingRush([ctx.app, second]);
  });

  it('keep every leg exact under racing cancellations, re-bookings and edits', async () => {
    for (let round = 0; round < 3; round += 1) await churn([ctx.app, second]);
  });
});
