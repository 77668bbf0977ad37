import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../test/factories.js';
import { offerRide } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { testDatabaseKind } from '../../test/test-db.js';
import { findRide, findRideIncludingDeleted } from '../marketplace/ride-record.js';

let ctx: TestContext;
let rideId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  const driver = await createUser(ctx, { first_name: 'Asha', last_name: 'Rao' });
  rideId = (await offerRide(ctx, driver)).id;
});

afterAll(async () => {
  await ctx.close();
});

describe('looking a ride up by id', () => {
  it('reads the ride with its driver', async () => {
    const ride = await findRide(ctx.db, rideId);
    expect(ride).toMatchObject({ id: rideId, from: 'Bengaluru', to: 'Mysuru', driver: { name: 'Asha Rao' } });
    expect(await findRideIncludingDeleted(ctx.db, rideId)).toEqual(ride);
    expect(await findRide(ctx.db, 'no-such-ride')).toBeUndefined();
  });

  // better-sqlite3 clears a statement's bindings after each run; SQLite then compiles the statement again
  // on its next run if its plan weighed a bound value (a join's does). Each compile makes better-sqlite3
  // build the statement's row factory anew with `Function`, which is what this counts.
  it.runIf(testDatabaseKind === 'sqlite')('compiles its statement once, not again on every run', async () => {
    await findRide(ctx.db, rideId);
    await findRideIncludingDeleted(ctx.db, rideId);
    const compiles = vi.spyOn(globalThis, 'Function');
    try {
      for (let i = 0; i < 20; i += 1) {
        await findRide(ctx.db, rideId);
        await findRideIncludingDeleted(ctx.db, rideId);
      }
      expect(compiles).not.toHaveBeenCalled();
    } finally {
      compiles.mockRestore();
    }
  });
});
