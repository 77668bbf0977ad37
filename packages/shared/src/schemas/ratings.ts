import { z } from 'zod';
import { COMMENT_MAX, LEN, RATING_MAX, RATING_MIN } from '../constants.js';
import { MSG } from '../messages.js';

export const ratingBody = z.object({
  rating: z.coerce
    .number({ error: MSG.ratingRequired })
    .int(MSG.ratingRequired)
    .min(RATING_MIN, MSG.ratingRequired)
    .max(RATING_MAX, MSG.ratingRequired),
  comment: z
    .string({ error: MSG.commentTooLong })
    .trim()
    .max(COMMENT_MAX, MSG.commentTooLong)
    .nullish()
    .transform((v) => (v ? v : null)),
  rideId: z.string({ error: MSG.rideIdRequired }).min(1, MSG.rideIdRequired).max(LEN.id, MSG.rideIdRequired),
  rateeId: z.string({ error: MSG.rateeIdRequired }).min(1, MSG.rateeIdRequired).max(LEN.id, MSG.rateeIdRequired),
});
export type RatingBody = z.input<typeof ratingBody>;

export const recentRatingsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(5),
});
