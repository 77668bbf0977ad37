import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNLOCATED } from '../../features/marketplace/ahead-masks.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { drawnCellRows } from '../../test/grid-rides.js';
import { call, dateSequence, offerRide } from '../../test/marketplace.js';
import { migrationSteps } from '../../test/migration-steps.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { LAYOUT_BEFORE } from './ahead-masks-before.js';

/**
 * Migration 0022: every grid row's masks are drawn again as seen from its cell (decision 034); stepping
 * down draws them in the repeating layout before, and a ride is found along the way after it.
 */
let ctx: TestContext;
let driver: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  driver = await createUser(ctx);
});
afterAll(() => ctx.close());

type Masks = { ride_id: string; cell: number; day: string; ahead_fine: number; ahead_coarse: number };
const masksOfRows = async () =>
  (
    await sql<Masks>`select ride_id, cell, day, ahead_fine, ahead_coarse from ride_cells
      order by ride_id, cell, day`.execute(ctx.db)
  ).rows.map((r) => ({ ...r, ahead_fine: Number(r.ahead_fine), ahead_coarse: Number(r.ahead_coarse) }));
/** The masks the rides' stored points give in `layout`, in the same order. */
const drawn = async (layout?: typeof LAYOUT_BEFORE) =>
  (await drawnCellRows(ctx.db, layout)).map(({ ride_id, cell, day, ahead_fine, ahead_coarse }) => {
    return { ride_id, cell, day, ahead_fine, ahead_coarse };
  });

describe('migration 0022', () => {
  it('draws the masks as seen from each cell, steps down to the repeating layout, and back', async () => {
    const date = dateSequence()();
    const ride = await offerRide(ctx, driver, { from: 'Bengaluru', to: 'Mysuru', departureDate: date });
    await offerRide(ctx, driver, {
      from: 'Mumbai',
      to: 'Pune',
      departureDate: date,
      stops: [{ place: 'Lonavala' }],
    });
    const latest = await masksOfRows();
    expect(latest).toEqual(await drawn());
    // A row the ride's points do not give (drawn by an older grid) is kept, and read by every search.
    const stray = { cell: 1, day: date, at: 0, ride_id: ride.id, first_leg: 0, last_leg: 0, near: 1 };
    await ctx.db
      .insertInto('ride_cells')
      .values({ ...stray, ahead_fine: 1, ahead_coarse: 1 })
      .execute();
    const strayMasks = async () =>
      (await masksOfRows()).filter((r) => r.cell === 1).map((r) => [r.ahead_fine, r.ahead_coarse]);

    await migrationSteps(ctx.db).justBefore('0022-ahead-masks-seen-from-the-cell');
    expect(await strayMasks()).toEqual([[0, LAYOUT_BEFORE.unlocated]]);
    const before = (await masksOfRows()).filter((r) => r.cell !== 1);
    expect(before).toEqual(await drawn(LAYOUT_BEFORE));
    expect(before).not.toEqual(latest);

    await migrationSteps(ctx.db).latest();
    expect(await strayMasks()).toEqual([[0, UNLOCATED]]);
    await ctx.db.deleteFrom('ride_cells').where('cell', '=', 1).execute();
    expect(await masksOfRows()).toEqual(latest);
    const found = await call(ctx, 'GET', `/api/rides/search?from=Mandya&to=Mysuru&date=${date}`, driver);
    expect(found.status).toBe(200);
    expect(found.body.data.map((r: { id: string }) => r.id)).toEqual([ride.id]);
  });
});
