import type { Kysely } from 'kysely';
import { cellRowsOfStored } from '../../apps/server/dist/features/marketplace/ride-cells.js';

/**
 * Draws every seeded ride's route onto the search grid (ride_cells, decision 020) from its points, as
 * offering it through the API does. Run after the rides and their points are loaded; rides already
 * drawn are skipped, so it can run again.
 */
export async function seedRideCells(db: Kysely<any>): Promise<number> {
  let after = '';
  let written = 0;
  for (;;) {
    const rides = await db
      .selectFrom('rides')
      .select('id')
      .where('id', '>', after)
      .where('deleted_at', 'is', null)
      .where('status', '=', 'ACTIVE')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('ride_cells as c').select('c.ride_id').whereRef('c.ride_id', '=', 'rides.id'),
          ),
        ),
      )
      .orderBy('id')
      .limit(2000)
      .execute();
    if (rides.length === 0) return written;
    after = rides[rides.length - 1]!.id;
    const points = await db
      .selectFrom('ride_points')
      .select(['ride_id', 'lat', 'lng', 'at', 'departure_date'])
      .where(
        'ride_id',
        'in',
        rides.map((r) => r.id),
      )
      .orderBy('ride_id')
      .orderBy('idx')
      .execute();
    const rows = cellRowsOfStored(points);
    for (let i = 0; i < rows.length; i += 1000)
      await db
        .insertInto('ride_cells')
        .values(rows.slice(i, i + 1000))
        .execute();
    written += rows.length;
  }
}
