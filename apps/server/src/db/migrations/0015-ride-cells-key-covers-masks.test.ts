import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { call, dateSequence, offerRide } from '../../test/marketplace.js';
import { migrationSteps } from '../../test/migration-steps.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * Migration 0015: on PostgreSQL the grid's key carries the columns a search reads (INCLUDE); on SQLite the
 * table already is its key. Either way every row stays, and a ride is found along the way after it.
 */
let ctx: TestContext;
let driver: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  driver = await createUser(ctx);
});
afterAll(() => ctx.close());

async function keyDefinition(): Promise<string> {
  const query =
    ctx.database.kind === 'postgres'
      ? sql<{ def: string }>`select pg_get_indexdef('ride_cells_time_pk'::regclass) as def`
      : sql<{ def: string }>`select sql as def from sqlite_schema where name = 'ride_cells'`;
  return (await query.execute(ctx.db)).rows[0]!.def;
}

/** The rows, not their masks: those are drawn in the layout of the migration stepped to (0022's test). */
const gridRows = async () =>
  (
    await sql`select cell, day, at, ride_id, first_leg, last_leg
      from ride_cells order by cell, day, at, ride_id`.execute(ctx.db)
  ).rows;

describe('migration 0015', () => {
  it('keeps every grid row both ways and covers the masks in the key on PostgreSQL', async () => {
    const date = dateSequence()();
    const ride = await offerRide(ctx, driver, { from: 'Bengaluru', to: 'Mysuru', departureDate: date });
    const rows = await gridRows();
    expect(rows.length).toBeGreaterThan(3);

    await migrationSteps(ctx.db).to('0014-drop-ride-pair-indexes');
    expect(await gridRows()).toEqual(rows);
    expect(await keyDefinition()).not.toContain('INCLUDE');

    await migrationSteps(ctx.db).to('0015-ride-cells-key-covers-masks');
    expect(await gridRows()).toEqual(rows);
    if (ctx.database.kind === 'postgres') {
      expect(await keyDefinition()).toContain(
        '(cell, day, at, ride_id) INCLUDE (first_leg, ahead_fine, ahead_coarse)',
      );
    } else {
      expect(await keyDefinition()).toMatch(/without rowid/i);
    }
    // The search of today's code reads what later steps add to the grid (0024's leaves_at).
    await migrationSteps(ctx.db).latest();
    const found = await call(ctx, 'GET', `/api/rides/search?from=Mandya&to=Mysuru&date=${date}`, driver);
    expect(found.status).toBe(200);
    expect(found.body.data.map((r: { id: string }) => r.id)).toEqual([ride.id]);
  });
});
