import type { Executor } from '../../db/database.js';
import { fullName, ratingOf } from '../../lib/user-display.js';
import { isUniqueViolation } from '../../lib/unique-violation.js';

export interface RatingRecord {
  id: string;
  rideId: string;
  raterId: string;
  raterName: string;
  rateeId: string;
  rating: number;
  comment: string | null;
  createdAt: number;
}

interface NewRating {
  id: string;
  rideId: string;
  raterId: string;
  rateeId: string;
  rating: number;
  comment: string | null;
}

export async function insertRating(db: Executor, r: NewRating, nowMs: number): Promise<void> {
  await db
    .insertInto('ratings')
    .values({
      id: r.id,
      ride_id: r.rideId,
      rater_id: r.raterId,
      ratee_id: r.rateeId,
      rating: r.rating,
      comment: r.comment,
      created_at: nowMs,
    })
    .execute();
}

/** Whether the rater already rated the ratee for this ride. */
export async function hasRated(
  db: Executor,
  rideId: string,
  raterId: string,
  rateeId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('ratings')
    .select('id')
    .where('ride_id', '=', rideId)
    .where('rater_id', '=', raterId)
    .where('ratee_id', '=', rateeId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the database refused a second rating (the ratings_once unique constraint). */
export const isDuplicateRatingViolation = (error: unknown) =>
  isUniqueViolation(error, {
    name: 'ratings_once',
    columns: 'ratings.rater_id, ratings.ratee_id, ratings.ride_id',
  });

/**
 * Whether the two travelled together on the ride: one drove it and the other has a COMPLETED
 * booking on it, in either direction.
 */
export async function travelledTogether(
  db: Executor,
  rideId: string,
  a: string,
  b: string,
): Promise<boolean> {
  return (await travelledTogetherQuery(db, rideId, a, b).executeTakeFirst()) !== undefined;
}

/** The ride by its key, then its completed bookings through bookings_ride. */
export function travelledTogetherQuery(db: Executor, rideId: string, a: string, b: string) {
  return db
    .selectFrom('bookings as bk')
    .innerJoin('rides as r', 'r.id', 'bk.ride_id')
    .select('bk.id')
    .where('bk.ride_id', '=', rideId)
    .where('bk.status', '=', 'COMPLETED')
    .where((eb) =>
      eb.or([
        eb.and([eb('r.driver_id', '=', a), eb('bk.passenger_id', '=', b)]),
        eb.and([eb('r.driver_id', '=', b), eb('bk.passenger_id', '=', a)]),
      ]),
    );
}

/** Adds one rating to the ratee's running totals, in the rating's own transaction. */
export async function addToUserStats(
  db: Executor,
  userId: string,
  rating: number,
  nowMs: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      rating_sum: eb('rating_sum', '+', rating),
      rating_count: eb('rating_count', '+', 1),
      updated_at: nowMs,
    }))
    .where('id', '=', userId)
    .execute();
}

/** Rebuilds a user's totals from the ratings themselves (idempotent). */
export async function recomputeUserStats(
  db: Executor,
  userId: string,
): Promise<{ rating: number; ratingCount: number }> {
  const row = await db
    .selectFrom('ratings')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('rating'), eb.lit(0)).as('sum'),
      eb.fn.countAll<number>().as('count'),
    ])
    .where('ratee_id', '=', userId)
    .executeTakeFirstOrThrow();
  const sum = Number(row.sum);
  const count = Number(row.count);
  await db
    .updateTable('users')
    .set({ rating_sum: sum, rating_count: count })
    .where('id', '=', userId)
    .execute();
  return { rating: ratingOf(sum, count), ratingCount: count };
}

export async function userExists(db: Executor, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** A rating with its rater's name: the one query both readers below narrow. */
const ratingsWithRater = (db: Executor) =>
  db
    .selectFrom('ratings as g')
    .innerJoin('users as u', 'u.id', 'g.rater_id')
    .select([
      'g.id',
      'g.ride_id',
      'g.rater_id',
      'g.ratee_id',
      'g.rating',
      'g.comment',
      'g.created_at',
      'u.first_name',
      'u.last_name',
    ]);

type RatingRow = Awaited<ReturnType<ReturnType<typeof ratingsWithRater>['executeTakeFirstOrThrow']>>;

const toRatingRecord = (r: RatingRow): RatingRecord => ({
  id: r.id,
  rideId: r.ride_id,
  raterId: r.rater_id,
  raterName: fullName(r.first_name, r.last_name),
  rateeId: r.ratee_id,
  rating: r.rating,
  comment: r.comment,
  createdAt: Number(r.created_at),
});

/** Ratings a user received, newest first. */
export async function listRatingsOf(db: Executor, rateeId: string, limit: number): Promise<RatingRecord[]> {
  const rows = await ratingsWithRater(db)
    .where('g.ratee_id', '=', rateeId)
    .orderBy('g.created_at', 'desc')
    .orderBy('g.id')
    .limit(limit)
    .execute();
  return rows.map(toRatingRecord);
}

export async function findRatingById(db: Executor, id: string): Promise<RatingRecord | undefined> {
  const row = await ratingsWithRater(db).where('g.id', '=', id).executeTakeFirst();
  return row && toRatingRecord(row);
}
