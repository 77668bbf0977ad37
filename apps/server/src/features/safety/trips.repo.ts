import type { Executor } from '../../db/database.js';

export async function insertShare(
  db: Executor,
  s: { tokenHash: string; bookingId: string; createdBy: string; expiresAt: number },
  nowMs: number,
): Promise<void> {
  await db
    .insertInto('trip_shares')
    .values({
      token_hash: s.tokenHash,
      booking_id: s.bookingId,
      created_by: s.createdBy,
      expires_at: s.expiresAt,
      created_at: nowMs,
    })
    .execute();
}

/** What a shared trip page shows (with the ride's points, read by its id), by the hash of its token. */
export async function findSharedTrip(db: Executor, tokenHash: string) {
  return db
    .selectFrom('trip_shares as t')
    .innerJoin('bookings as b', 'b.id', 't.booking_id')
    .innerJoin('rides as r', 'r.id', 'b.ride_id')
    .innerJoin('users as d', 'd.id', 'r.driver_id')
    .innerJoin('users as p', 'p.id', 'b.passenger_id')
    .select([
      'b.status',
      'r.id as ride_id',
      'r.departure_at',
      'r.from_name',
      'r.to_name',
      'r.departure_date',
      'r.departure_time',
      'r.car_model',
      'r.car_number',
      'd.first_name as driver_first_name',
      'd.rating_sum',
      'd.rating_count',
      'p.first_name as passenger_first_name',
    ])
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
}
