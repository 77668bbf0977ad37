import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';
import { inOneTransaction } from './one-transaction.js';
import { LAYOUT_BEFORE } from './ahead-masks-before.js';
import { drawGridAgain } from './grid-batches.js';
import { ALL_NEAR } from '../../features/marketplace/sub-cells.js';

/**
 * Each grid row says where in its cell the route passes (`near`, one bit per sub-cell of about 3 km:
 * marketplace/sub-cells.ts, decision 028), so a search reads only the rows of rides that come within
 * reach of the searched place, not every ride crossing a 22 km cell. Existing rides are drawn again from
 * their points; a row written without it (the default) counts as passing everywhere in its cell. On
 * PostgreSQL the key carries it with the masks (migration 0015).
 */
export const up = inOneTransaction(migrateUp);
export const down = inOneTransaction(migrateDown);

async function migrateUp(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('ride_cells')
    .addColumn('near', 'bigint', (c) => c.notNull().defaultTo(ALL_NEAR))
    .execute();
  await drawGridAgain(db, LAYOUT_BEFORE);
  if (isPostgres(db)) {
    await sql`alter table ride_cells drop constraint ride_cells_time_pk,
      add constraint ride_cells_time_pk primary key (cell, day, at, ride_id)
      include (first_leg, ahead_fine, ahead_coarse, near)`.execute(db);
  }
}

async function migrateDown(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table ride_cells drop constraint ride_cells_time_pk,
      add constraint ride_cells_time_pk primary key (cell, day, at, ride_id)
      include (first_leg, ahead_fine, ahead_coarse)`.execute(db);
  }
  await db.schema.alterTable('ride_cells').dropColumn('near').execute();
}
