import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { loadBuiltinPlaces } from '../../features/places/builtin-places.js';

/**
 * Place search is a prefix range over place_terms.term (term >= q AND term < q || U+10FFFF).
 * That range is exact only under byte-wise ordering: SQLite's BINARY is, PostgreSQL's default
 * collation (e.g. en_US) is not, so on PostgreSQL the column (and its primary key index) is
 * switched to COLLATE "C". Then the built-in Indian cities are loaded.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`alter table place_terms alter column term type text collate "C"`.execute(db);
  }
  await loadBuiltinPlaces(db, Date.now());
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('place_terms').where('place_id', 'in', db.selectFrom('places').select('id').where('builtin', '=', 1).where('ride_count', '=', 0)).execute();
  await db.deleteFrom('places').where('builtin', '=', 1).where('ride_count', '=', 0).execute();
}
