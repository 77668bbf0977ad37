import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { bookSegment, offerRide } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { testDatabaseKind } from '../../test/test-db.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

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
});
