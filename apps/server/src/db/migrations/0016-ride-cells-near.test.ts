import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_NEAR } from '../../features/marketplace/sub-cells.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { call, dateSequence, offerRide } from '../../test/marketplace.js';
import { migrationSteps } from '../../test/migration-steps.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * Migration 0016: every grid row gains where in its cell the route passes (`near`), drawn again from the
 * ride's points, and a ride is still found along the way after it; stepping down removes it again.
 */
let ctx: TestContext;
let driver: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  driver = await createUser(ctx);
});
afterAll(() => ctx.close());

/** The rows, not their masks: those are drawn in the layout of the migration stepped to (0022's test). */
const gridRows = async () =>
  (
    await sql`select cell, day, at, ride_id, first_leg, last_leg
      from ride_cells order by cell, day, at, ride_id`.execute(ctx.db)
  ).rows;
const nearOfRows = async () =>
  (await sql<{ near: number | string }>`select near from ride_cells`.execute(ctx.db)).rows.map((r) =>
    Number(r.near),
  );

describe('migration 0016', () => {
  it('draws where each route passes in its cells again, keeps every row, and steps down (on PostgreSQL the key covers it)', async () => {
    const date = dateSequence()();
    const ride = await offerRide(ctx, driver, { from: 'Bengaluru', to: 'Mysuru', departureDate: date });
    const rows = await gridRows();
    const drawn = await nearOfRows();
    expect(drawn.every((near) => near > 0 && near < ALL_NEAR)).toBe(true);

    // Down to the migration before this one and back up to the latest, whichever later ones are merged.
    await migrationSteps(ctx.db).justBefore('0016-ride-cells-near');
    expect(await gridRows()).toEqual(rows);
    await expect(nearOfRows()).rejects.toThrow();

    await migrationSteps(ctx.db).latest();
    expect(await gridRows()).toEqual(rows);
    expect((await nearOfRows()).sort()).toEqual([...drawn].sort());
    if (ctx.database.kind === 'postgres') {
      const key = await sql<{
        def: string;
      }>`select pg_get_indexdef('ride_cells_time_pk'::regclass) as def`.execute(ctx.db);
      expect(key.rows[0]!.def).toContain('INCLUDE (first_leg, ahead_fine, ahead_coarse, near');
    }
    const found = await call(ctx, 'GET', `/api/rides/search?from=Mandya&to=Mysuru&date=${date}`, driver);
    expect(found.status).toBe(200);
    expect(found.body.data.map((r: { id: string }) => r.id)).toEqual([ride.id]);
  });
});
