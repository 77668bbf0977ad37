import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  idParam,
  ratingBody,
  ratingSchema,
  ratingStatsSchema,
  recentRatingsQuery,
} from '@saathchalo/shared';
import { ok } from '../../lib/envelope.js';
import { currentUser } from '../../plugins/auth.js';
import { LIMITS, perUser } from '../../plugins/rate-limit.js';
import * as ratings from './ratings.service.js';

const tags = ['ratings'];
const security = [{ bearerAuth: [] }];

export const ratingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const deps = app.deps;

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Rate the driver or a passenger of a completed trip (once per ride)',
        body: ratingBody,
        response: { 201: envelope(ratingSchema) },
      },
    },
    async (request, reply) => {
      const rating = await ratings.rate(deps, currentUser(request).id, request.body);
      return reply.status(201).send(ok(rating, 'Rating submitted successfully'));
    },
  );

  app.get(
    '/user/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Ratings a user received, newest first',
        params: idParam,
        response: { 200: envelope(z.array(ratingSchema)) },
      },
    },
    async (request) => ok(await ratings.ratingsOf(deps, request.params.id)),
  );

  app.get(
    '/user/:id/recent',
    {
      schema: {
        tags,
        security,
        summary: 'The latest ratings a user received (limit, default 5)',
        params: idParam,
        querystring: recentRatingsQuery,
        response: { 200: envelope(z.array(ratingSchema)) },
      },
    },
    async (request) => ok(await ratings.recentRatingsOf(deps, request.params.id, request.query.limit)),
  );

  app.post(
    '/user/:id/update-stats',
    {
      config: perUser(LIMITS.statsUpdatesPerUser),
      schema: {
        tags,
        security,
        summary: "Recompute one's own rating and count from the ratings received (idempotent)",
        params: idParam,
        response: { 200: envelope(ratingStatsSchema) },
      },
    },
    async (request) =>
      ok(
        await ratings.updateStats(deps, currentUser(request).id, request.params.id),
        'Rating statistics updated',
      ),
  );
};
