import type { Kysely } from 'kysely';

/**
 * `commute_subscriptions_passenger (passenger_id, commute_id)`: a passenger's standing bookings found by
 * passenger, as an account deletion locks and erases them and a block ends them. The unique key
 * `(commute_id, passenger_id)` leads with the commute, so each of those read the whole table. With the
 * commute in the key, the deletion's list of commutes to lock is read from the index alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('commute_subscriptions_passenger')
    .on('commute_subscriptions')
    .columns(['passenger_id', 'commute_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('commute_subscriptions_passenger').execute();
}
