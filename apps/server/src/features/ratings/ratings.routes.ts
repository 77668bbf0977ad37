import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@saathchalo/shared';
import { route } from '../../lib/route.js';
import { currentUser } from '../../plugins/auth.js';
import { LIMITS, perUser } from '../../plugins/rate-limit.js';
import * as ratings from './ratings.service.js';

export const ratingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const deps = app.deps;

  route(app, contract.rate, async (request) => ratings.rate(deps, currentUser(request).id, request.body));

  route(app, contract.ratingsOf, async (request) => ratings.ratingsOf(deps, request.params.id));

  route(app, contract.recentRatingsOf, async (request) =>
    ratings.recentRatingsOf(deps, request.params.id, request.query.limit),
  );

  route(app, contract.updateRatingStats, { config: perUser(LIMITS.statsUpdatesPerUser) }, async (request) =>
    ratings.updateStats(deps, currentUser(request).id, request.params.id),
  );
};
