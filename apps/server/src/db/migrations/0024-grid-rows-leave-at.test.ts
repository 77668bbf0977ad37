import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { drawnCellRows } from '../../test/grid-rides.js';
import { call, dateSequence, offerRide } from '../../test/marketplace.js';
import { migrationSteps } from '../../test/migration-steps.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { LEAVES_SOMETIME } from './0024-grid-rows-leave-at.js';

/**
 * Migration 0024: every grid row gets the time its ride leaves the row's cell, drawn from the ride's
 * points; a row the points no longer give keeps a time that never leaves its ride out. Stepping down
 * removes the column; on PostgreSQL the key's index carries it while it is there.
 */
let ctx: TestContext;
let driver: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  driver = await createUser(ctx);
});
afterAll(() => ctx.close());

type Leaves = { ride_id: string; cell: number; day: string; leaves_at: number };
const leavesOfRows = async () =>
  (
    await sql<Leaves>`select ride_id, cell, day, leaves_at from ride_cells
      order by ride_id, cell, day`.execute(ctx.db)
  ).rows.map((r) => ({ ...r, leaves_at: Number(r.leaves_at) }));
/** What the rides' stored points give, in the same order. */
const drawn = async (): Promise<Leaves[]> =>
  (await drawnCellRows(ctx.db)).map(({ ride_id, cell, day, leaves_at }) => ({
    ride_id,
    cell,
    day,
    leaves_at,
  }));
const columns = async () =>
  ctx.database.kind === 'postgres'
    ? (
        await sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_name = 'ride_cells'`.execute(ctx.db)
      ).rows.map((r) => r.name)
    : (
        await sql<{ name: string }>`select name from pragma_table_info('ride_cells')`.execute(ctx.db)
      ).rows.map((r) => r.name);
const keyIndex = async () =>
  (
    await sql<{ def: string }>`select indexdef as def from pg_indexes
      where indexname = 'ride_cells_time_pk'`.execute(ctx.db)
  ).rows[0]?.def;

describe('migration 0024', () => {
  it('draws when each ride leaves each cell, keeps a stray row found, and steps down without it', async () => {
    const date = dateSequence()();
    const ride = await offerRide(ctx, driver, {
      from: 'Koramangala, Bengaluru',
      to: 'Mysuru',
      departureDate: date,
      departureTime: '07:00',
      stops: [{ place: 'Indiranagar, Bengaluru', time: '12:40' }],
    });
    await offerRide(ctx, driver, { from: 'Mumbai', to: 'Pune', departureDate: date });
    const latest = await leavesOfRows();
    expect(latest).toEqual(await drawn());
    // The cell of Koramangala and Indiranagar: reached at 07:00, left after 12:40.
    const city = latest.filter((r) => r.ride_id === ride.id).map((r) => r.leaves_at);
    expect(Math.max(...city)).toBeGreaterThan(Date.parse(`${date}T07:10:00.000Z`));

    await migrationSteps(ctx.db).justBefore('0024-grid-rows-leave-at');
    expect(await columns()).not.toContain('leaves_at');
    if (ctx.database.kind === 'postgres') expect(await keyIndex()).not.toMatch(/leaves_at/);
    // A row the ride's points do not give (drawn by an older grid).
    const stray = { cell: 1, day: date, at: 0, ride_id: ride.id, first_leg: 0, last_leg: 0, near: 1 };
    await ctx.db
      .insertInto('ride_cells')
      .values({ ...stray, ahead_fine: 1, ahead_coarse: 1 } as never)
      .execute();

    await migrationSteps(ctx.db).latest();
    if (ctx.database.kind === 'postgres') expect(await keyIndex()).toMatch(/INCLUDE \(.*leaves_at\)/);
    const after = await leavesOfRows();
    expect(after.filter((r) => r.cell === 1).map((r) => r.leaves_at)).toEqual([LEAVES_SOMETIME]);
    expect(after.filter((r) => r.cell !== 1)).toEqual(latest);
    const found = await call(ctx, 'GET', `/api/rides/search?from=Mandya&to=Mysuru&date=${date}`, driver);
    expect(found.status).toBe(200);
    expect(found.body.data.map((r: { id: string }) => r.id)).toEqual([ride.id]);
  });
});
