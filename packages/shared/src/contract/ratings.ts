import { z } from 'zod';
import { MSG } from '../messages.js';
import { idParam } from '../schemas/common.js';
import { ratingSchema, ratingStatsSchema } from '../schemas/models.js';
import { ratingBody, recentRatingsQuery } from '../schemas/ratings.js';
import { defineCall } from './define.js';

const tag = 'ratings';

export const rate = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/ratings',
  auth: true,
  tag,
  summary: 'Rate the driver or a passenger of a completed trip (once per ride)',
  body: ratingBody,
  response: ratingSchema,
  status: 201,
  message: MSG.ratingSubmitted,
});

export const ratingsOf = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/ratings/user/{id}',
  auth: true,
  tag,
  summary: 'Ratings a user received, newest first',
  params: idParam,
  response: z.array(ratingSchema),
});

export const recentRatingsOf = /* @__PURE__ */ defineCall({
  method: 'GET',
  path: '/ratings/user/{id}/recent',
  auth: true,
  tag,
  summary: 'The latest ratings a user received (limit, default 5)',
  params: idParam,
  query: recentRatingsQuery,
  response: z.array(ratingSchema),
});

export const updateRatingStats = /* @__PURE__ */ defineCall({
  method: 'POST',
  path: '/ratings/user/{id}/update-stats',
  auth: true,
  tag,
  summary: "Recompute one's own rating and count from the ratings received (idempotent)",
  params: idParam,
  response: ratingStatsSchema,
  message: MSG.ratingStatsUpdated,
});
