import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';
import { inOneTransaction } from './one-transaction.js';
import { LAYOUT_BEFORE } from './ahead-masks-before.js';
import { forEachRideOnTheGrid, insertCellRows } from './grid-batches.js';

/**
 * Search along the way reads its candidates soonest first and stops once a page is full (decision 020,
 * part C). So the grid is kept in time order within a cell and day: the primary key becomes
 * (cell, day, at, ride_id), and on SQLite the table is that key (WITHOUT ROWID), so a window of time in a
 * cell is one range of one B-tree, with the ride and its legs in the same entry. The second side of a
 * search probes a ride's cells: `ride_cells_ride (ride_id, cell, last_leg)` answers it from the index.
 * Each row also carries where the ride goes from there on (`ahead_fine`, `ahead_coarse`:
 * marketplace/ahead-masks.ts), so most rows that cannot lead to `to` are passed over without a probe;
 * existing rides are drawn again from their points to get them. Points without coordinates get an index
 * of their own in time order (`ride_points_unplaced`): a place the gazetteer knows is searched on the
 * grid, and only its points without coordinates by name.
 */
export const up = inOneTransaction(migrateUp);
export const down = inOneTransaction(migrateDown);

async function rebuildCells(
  db: Kysely<any>,
  key: { name: string; columns: readonly string[] },
  rideIndex: readonly string[],
  withMasks: boolean,
) {
  await db.schema
    .createTable('ride_cells_next')
    .addColumn('cell', 'integer', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('ride_id', 'text', (c) => c.notNull().references('rides.id'))
    .addColumn('first_leg', 'integer', (c) => c.notNull())
    .addColumn('last_leg', 'integer', (c) => c.notNull())
    .$call((t) =>
      withMasks
        ? t
            .addColumn('ahead_fine', 'bigint', (c) => c.notNull())
            .addColumn('ahead_coarse', 'bigint', (c) => c.notNull())
        : t,
    )
    .addPrimaryKeyConstraint(key.name, [...key.columns] as never)
    .$call((t) => (isPostgres(db) ? t : t.modifyEnd(sql`without rowid`)))
    .execute();
  if (withMasks) await drawAgain(db);
  else
    await sql`insert into ride_cells_next (cell, day, at, ride_id, first_leg, last_leg)
      select cell, day, at, ride_id, first_leg, last_leg from ride_cells`.execute(db);
  await db.schema.dropTable('ride_cells').execute();
  await db.schema.alterTable('ride_cells_next').renameTo('ride_cells').execute();
  await db.schema
    .createIndex('ride_cells_ride')
    .on('ride_cells')
    .columns([...rideIndex])
    .execute();
}

/** Every ride on the grid is drawn again from its points, now with its masks. */
async function drawAgain(db: Kysely<any>): Promise<void> {
  await forEachRideOnTheGrid(
    db,
    (_rides, rows) =>
      // This table's columns only: later migrations add to what the grid's rows carry.
      insertCellRows(
        db,
        'ride_cells_next',
        rows.map(({ near: _near, ...row }) => row),
      ),
    LAYOUT_BEFORE,
  );
}

async function migrateUp(db: Kysely<any>): Promise<void> {
  // Made beside the old table before it is dropped, so the key needs a name of its own.
  await rebuildCells(
    db,
    { name: 'ride_cells_time_pk', columns: ['cell', 'day', 'at', 'ride_id'] },
    ['ride_id', 'cell', 'last_leg'],
    true,
  );
  await db.schema
    .createIndex('ride_points_unplaced')
    .on('ride_points')
    .columns(['place_id', 'departure_date', 'at', 'ride_id', 'idx'])
    .where(sql.ref('lat'), 'is', null)
    .execute();
}

async function migrateDown(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ride_points_unplaced').execute();
  await rebuildCells(db, { name: 'ride_cells_pk', columns: ['cell', 'day', 'ride_id'] }, ['ride_id'], false);
}
