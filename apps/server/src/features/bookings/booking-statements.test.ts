import { createRequire } from 'node:module';
import type Pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { bookSegment, offerRide } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { testDatabaseKind } from '../../test/test-db.js';

// The statements PostgreSQL is sent, while `sent` is set, each with its connection: the pool sends other
// work on other connections meanwhile (the NOTIFY of an earlier change to the search cache). Each
// connection binds Client.prototype.query when the pool opens it (db/database.ts names statements
// there), so the recorder is in place before the app opens any.
const pgClient = (createRequire(import.meta.url)('pg') as typeof Pg).Client.prototype;
const pgQuery = pgClient.query;
let sent: { on: Pg.Client; text: string }[] | null = null;
pgClient.query = function (this: Pg.Client, ...args: unknown[]) {
  const q = args[0] as string | { text: string };
  sent?.push({ on: this, text: (typeof q === 'string' ? q : q.text).trim().toLowerCase() });
  return (pgQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pgQuery;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
  pgClient.query = pgQuery;
});

// better-sqlite3 builds a statement's row factory with `Function` each time SQLite compiles it; a
// statement whose plan weighed a bound value is compiled again on every run (decision 017). The
// booking path is the hottest write: none of its statements may be.
describe('booking a segment', () => {
  it.runIf(testDatabaseKind === 'sqlite')('compiles no statement again once warm', async () => {
    const driver = await createUser(ctx);
    const rides = [];
    for (let i = 0; i < 4; i += 1) {
      rides.push(
        await offerRide(ctx, driver, { passengers: 4, stops: [{ place: 'Maddur' }, { place: 'Mandya' }] }),
      );
    }
    const passengers: TestUser[] = [];
    for (let i = 0; i < rides.length; i += 1) passengers.push(await createUser(ctx));
    const book = async (rideId: string) => {
      const passenger = passengers.pop()!;
      const res = await bookSegment(ctx, passenger, rideId, { fromStop: 1, toStop: 3 });
      expect(res.status).toBe(201);
    };
    await book(rides[0]!.id);
    const compiles = vi.spyOn(globalThis, 'Function');
    try {
      for (const ride of rides.slice(1)) await book(ride.id);
      // A row factory names its statement's columns: a failure shows which statement it was.
      expect(compiles.mock.calls.map((c) => String(c))).toEqual([]);
    } finally {
      compiles.mockRestore();
    }
  });

  // On PostgreSQL each statement is a round trip; a booking's transaction holds its ride's lock for all
  // of them (decision 026).
  it.runIf(testDatabaseKind === 'postgres')(
    'is four statements between BEGIN and COMMIT on PostgreSQL: the ride locked, the passenger, the take, the booking with its job and mail',
    async () => {
      const driver = await createUser(ctx);
      const ride = await offerRide(ctx, driver, { passengers: 4, stops: [{ place: 'Mandya' }] });
      const passenger = await createUser(ctx);
      sent = [];
      try {
        const res = await bookSegment(ctx, passenger, ride.id, { fromStop: 0, toStop: 1 });
        expect(res.status).toBe(201);
        const transaction = sent.find((s) => s.text === 'begin')?.on;
        expect(transaction).toBeDefined();
        const onIt = sent.filter((s) => s.on === transaction).map((s) => s.text);
        const inside = onIt.slice(onIt.indexOf('begin') + 1, onIt.indexOf('commit'));
        expect(inside, inside.join('\n---\n')).toHaveLength(4);
        expect(inside[0]).toMatch(/for update of "r"$/);
        expect(inside[1]).toMatch(/^select .* from "users" as "p"/s);
        expect(inside[2]).toMatch(/^with .*update "?ride_points"?/s);
        expect(inside[3]).toMatch(/insert into "?bookings"?/);
      } finally {
        sent = null;
      }
    },
  );
});
