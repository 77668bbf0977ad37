import type { Kysely } from 'kysely';

/**
 * Drops `rides_search` and `rides_price`, the indexes of rides by place pair and date (decisions 005 and
 * the price order of 0003). Search has found rides along the way since decision 020 (`ride_cells`, the
 * points' `ride_points_place`), and no statement reads rides by pair any more. Each was still written
 * by every ride, on a page chosen by its pair and date rather than at the end of the index: materialising
 * commutes (decision 024) spent about a third of SQLite's time and of the log's pages on the two.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('rides_price').execute();
  await db.schema.dropIndex('rides_search').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('rides_search')
    .on('rides')
    .columns(['from_place_id', 'to_place_id', 'departure_date', 'departure_at'])
    .execute();
  await db.schema
    .createIndex('rides_price')
    .on('rides')
    .columns(['from_place_id', 'to_place_id', 'departure_date', 'price_per_seat', 'departure_at'])
    .execute();
}
