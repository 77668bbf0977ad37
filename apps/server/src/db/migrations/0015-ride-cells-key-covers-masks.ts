import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A search reads a busy cell's rows in key order and skips those whose masks say the ride does not go
 * on near `to` (decision 020, part C). On SQLite the table is its key (WITHOUT ROWID), so the masks are
 * read from the key's own pages. PostgreSQL kept them in the heap: every row skipped was a heap page
 * fetched, scattered by ride (about a thousand pages for a Mumbai cell on one day at 100,000 rides). Its
 * key now carries the columns a search reads (INCLUDE), so the read is index-only where the visibility
 * map allows. SQLite is left as it is.
 */
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table ride_cells drop constraint ride_cells_time_pk,
    add constraint ride_cells_time_pk primary key (cell, day, at, ride_id)
    include (first_leg, ahead_fine, ahead_coarse)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table ride_cells drop constraint ride_cells_time_pk,
    add constraint ride_cells_time_pk primary key (cell, day, at, ride_id)`.execute(db);
}
