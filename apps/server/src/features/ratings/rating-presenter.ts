import type { Rating } from '@saathchalo/shared';
import { isoOf } from '../../lib/clock.js';
import type { RatingRecord } from './ratings.repo.js';

export function presentRating(r: RatingRecord): Rating {
  return {
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    rideId: r.rideId,
    raterId: r.raterId,
    rateeId: r.rateeId,
    rater: { id: r.raterId, name: r.raterName },
    createdAt: isoOf(r.createdAt),
  };
}
