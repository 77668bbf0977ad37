import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, type Booking } from '@saathchalo/shared';
import { createUser, type TestUser } from '../../test/factories.js';
import { book, offerRide, seatState } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { testDatabaseKind } from '../../test/test-db.js';

/**
 * Seats under load: many requests at once through Promise.all of app.inject. On PostgreSQL the
 * requests really run in parallel over the connection pool (and, below, over two app instances
 * with pools of their own), so only the database's conditional UPDATE keeps the count right.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function users(n: number): Promise<TestUser[]> {
  const list: TestUser[] = [];
  for (let i = 0; i < n; i += 1) list.push(await createUser(ctx));
  return list;
}

function bookVia(app: FastifyInstance, user: TestUser, rideId: string, seats: number) {
  return app.inject({
    method: 'POST',
    url: `/api/rides/${rideId}/book`,
    headers: user.auth,
    payload: { seatsRequested: seats },
  });
}

describe('booking the last seats at once', () => {
  it('sells exactly the seats there are to 50 simultaneous passengers', async () => {
    const driver = await createUser(ctx);
    const ride = await offerRide(ctx, driver, { passengers: 8, instantBooking: true });
    const early = await users(2);
    await book(ctx, early[0]!, ride.id, 3);
    await book(ctx, early[1]!, ride.id, 2); // 3 seats left
    const crowd = await users(50);
    const results = await Promise.all(crowd.map((p) => bookVia(ctx.app, p, ride.id, 1)));
    const sold = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(sold).toHaveLength(3);
    expect(refused).toHaveLength(47);
    for (const r of refused) expect(r.json().error).toBe(ERR.notEnoughSeats);
    expect(await seatState(ctx, ride.id)).toEqual({ total: 8, available: 0, held: 8 });
  });

  it('never oversells with mixed seat counts', async () => {
    const driver = await createUser(ctx);
    const ride = await offerRide(ctx, driver, { passengers: 8 });
    const crowd = await users(50);
    const results = await Promise.all(crowd.map((p, i) => bookVia(ctx.app, p, ride.id, (i % 3) + 1)));
    const soldSeats = results
      .filter((r) => r.statusCode === 201)
      .reduce((n, r) => n + (r.json().data.seatsBooked as number), 0);
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    const state = await seatState(ctx, ride.id);
    expect(state.held).toBe(soldSeats);
    expect(state.available).toBe(8 - soldSeats);
    expect(state.available).toBeGreaterThanOrEqual(0);
    // Seats only ever went down, so every refused request asked for more than is left now:
    // no seat was refused that could have been sold.
    results.forEach((r, i) => {
      if (r.statusCode === 409) expect((i % 3) + 1).toBeGreaterThan(state.available);
    });
  });

  it('lets one passenger hold only one open booking even when they double-submit', async () => {
    const driver = await createUser(ctx);
    const ride = await offerRide(ctx, driver, { passengers: 8 });
    const [passenger] = await users(1);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => bookVia(ctx.app, passenger!, ride.id, 1)),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().error).toBe(ERR.alreadyBooked);
    }
    expect(await seatState(ctx, ride.id)).toEqual({ total: 8, available: 7, held: 1 });
  });
});

/** Cancellations, re-bookings, rejections and seat edits all at once; afterwards available = total - held. */
async function churn(apps: FastifyInstance[]) {
  const driver = await createUser(ctx);
  const ride = await offerRide(ctx, driver, { passengers: 8 });
  const holders = await users(6);
  const bookings: Booking[] = [];
  for (const h of holders) bookings.push(await book(ctx, h, ride.id, 1));
  const newcomers = await users(20);
  const app = (i: number) => apps[i % apps.length]!;
  const requests = [
    ...holders.map((h, i) =>
      app(i).inject({ method: 'PUT', url: `/api/bookings/${bookings[i]!.id}/cancel`, headers: h.auth }),
    ),
    ...holders.map((h, i) => bookVia(app(i + 1), h, ride.id, 1)),
    ...newcomers.map((p, i) => bookVia(app(i), p, ride.id, (i % 2) + 1)),
    ...[8, 6, 7].map((seats, i) =>
      app(i).inject({
        method: 'PUT',
        url: `/api/rides/${ride.id}/update`,
        headers: driver.auth,
        payload: {
          from: 'Bengaluru',
          to: 'Mysuru',
          departureDate: '2026-11-23',
          departureTime: '09:00',
          passengers: seats,
          pricePerSeat: 250,
          carModel: 'Swift',
          carNumber: 'KA01',
        },
      }),
    ),
  ];
  const results = await Promise.all(requests);
  expect(results.every((r) => r.statusCode < 500)).toBe(true);
  const state = await seatState(ctx, ride.id);
  expect(state.available).toBe(state.total - state.held);
  expect(state.available).toBeGreaterThanOrEqual(0);
  return state;
}

describe('racing cancellations, re-bookings and edits', () => {
  it('leave available = total - held exactly', async () => {
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

  it('sell exactly the last seats when 50 bookings are split across both', async () => {
    const driver = await createUser(ctx);
    const ride = await offerRide(ctx, driver, { passengers: 5 });
    const crowd = await users(50);
    const results = await Promise.all(crowd.map((p, i) => bookVia(i % 2 ? second : ctx.app, p, ride.id, 1)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(45);
    expect(await seatState(ctx, ride.id)).toEqual({ total: 5, available: 0, held: 5 });
  });

  it('keep the count exact under racing cancellations, re-bookings and edits', async () => {
    for (let round = 0; round < 3; round += 1) await churn([ctx.app, second]);
  });
});
