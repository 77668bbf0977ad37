import type { Kysely } from 'kysely';
import { cellRowsOfStored } from '../../features/marketplace/ride-cells.js';

type CellRow = ReturnType<typeof cellRowsOfStored>[number];

/**
 * For migrations that draw the search grid again: every ride that has rows in ride_cells, a thousand at a
 * time, with the rows its stored points give now (marketplace/ride-cells.ts). `write` puts them where
 * the migration wants them.
 */
export async function forEachRideOnTheGrid(
  db: Kysely<any>,
  write: (rideIds: string[], rows: CellRow[]) => Promise<void>,
): Promise<void> {
  let after = '';
  for (;;) {
    const rides = (
      await db
        .selectFrom('ride_cells')
        .select('ride_id')
        .distinct()
        .where('ride_id', '>', after)
        .orderBy('ride_id')
        .limit(1000)
        .execute()
    ).map((r) => r.ride_id as string);
    if (rides.length === 0) return;
    after = rides[rides.length - 1]!;
    const points = await db
      .selectFrom('ride_points')
      .select(['ride_id', 'lat', 'lng', 'at', 'departure_date'])
      .where('ride_id', 'in', rides)
      .orderBy('ride_id')
      .orderBy('idx')
      .execute();
    await write(rides, cellRowsOfStored(points));
  }
}

/** Inserts rows 500 at a time (well below both databases' limits on bound values). */
export async function insertCellRows(db: Kysely<any>, table: string, rows: readonly object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 500))
      .execute();
}
