import type { z } from 'zod';
import { ERR, type Rating, type ratingBody, type RatingStats } from '@saathchalo/shared';
import type { AppDeps } from '../../app-deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { findRideIncludingDeleted } from '../marketplace/ride-record.js';
import { presentRating } from './rating-presenter.js';
import {
  addToUserStats,
  findRatingById,
  hasRated,
  insertRating,
  isDuplicateRatingViolation,
  listRatingsOf,
  recomputeUserStats,
  travelledTogether,
  userExists,
} from './ratings.repo.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'unitOfWork'>;
type RatingInput = z.output<typeof ratingBody>;

const ALL_RATINGS_CAP = 500;

/**
 * Rates the other party of a completed trip: the driver and a passenger of a COMPLETED booking
 * on that ride, either direction, once per rater, ratee and ride. The ratee's totals follow in
 * the same transaction, so the shown rating is never behind the list.
 */
export async function rate(deps: Deps, raterId: string, input: RatingInput): Promise<Rating> {
  const now = deps.clock.now();
  if (input.rateeId === raterId) throw badRequest(ERR.rateSelf, { rateeId: ERR.rateSelf });
  let rating: Rating;
  try {
    rating = await deps.unitOfWork(async (trx, after) => {
      // Completed trips stay rateable even after the driver removed the listing.
      if (!(await findRideIncludingDeleted(trx, input.rideId))) throw notFound(ERR.rideNotFound);
      if (!(await userExists(trx, input.rateeId))) throw notFound(ERR.userNotFound);
      if (!(await travelledTogether(trx, input.rideId, raterId, input.rateeId)))
        throw forbidden(ERR.ratingNotAllowed);
      if (await hasRated(trx, input.rideId, raterId, input.rateeId)) throw conflict(ERR.alreadyRated);
      const id = newId();
      await insertRating(
        trx,
        {
          id,
          rideId: input.rideId,
          raterId,
          rateeId: input.rateeId,
          rating: input.rating,
          comment: input.comment,
        },
        now,
      );
      await addToUserStats(trx, input.rateeId, input.rating, now);
      const saved = await findRatingById(trx, id);
      if (!saved) throw new Error('Rating vanished after insert');
      // Search results show the ratee's rating when they drive.
      after.driverChanged(input.rateeId);
      return presentRating(saved);
    });
  } catch (error) {
    if (isDuplicateRatingViolation(error)) throw conflict(ERR.alreadyRated);
    throw error;
  }
  return rating;
}

async function requireUser(deps: Deps, userId: string): Promise<void> {
  if (!(await userExists(deps.db, userId))) throw notFound(ERR.userNotFound);
}

export async function ratingsOf(deps: Deps, userId: string): Promise<Rating[]> {
  await requireUser(deps, userId);
  return (await listRatingsOf(deps.db, userId, ALL_RATINGS_CAP)).map(presentRating);
}

export async function recentRatingsOf(deps: Deps, userId: string, limit: number): Promise<Rating[]> {
  await requireUser(deps, userId);
  return (await listRatingsOf(deps.db, userId, limit)).map(presentRating);
}

/**
 * Rebuilds the user's own average and count from the ratings themselves; running it twice changes
 * nothing. Only the user may ask: for anyone else it would be a free way to churn the search cache.
 */
export async function updateStats(deps: Deps, callerId: string, userId: string): Promise<RatingStats> {
  if (callerId !== userId) throw forbidden(ERR.notAuthorizedStatsUpdate);
  await requireUser(deps, userId);
  const stats = await deps.unitOfWork((trx, after) => {
    after.driverChanged(userId);
    return recomputeUserStats(trx, userId);
  });
  return { userId, ...stats };
}
