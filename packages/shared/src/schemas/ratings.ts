import { z } from 'zod';
import { COMMENT_MAX, RATING_MAX, RATING_MIN } from '../constants.js';
import { MSG } from '../messages.js';
import { idField, optionalText } from './common.js';
import { wholeNumber } from './numbers.js';

export const ratingBody = z.object({
  rating: wholeNumber('json', MSG.ratingRequired, RATING_MIN, RATING_MAX),
  comment: optionalText(COMMENT_MAX, { multiline: true, tooLong: MSG.commentTooLong }),
  rideId: idField(MSG.rideIdRequired),
  rateeId: idField(MSG.rateeIdRequired),
});

export const recentRatingsQuery = z.object({
  limit: wholeNumber('text', MSG.numberBetween(1, 50), 1, 50).default(5),
});
