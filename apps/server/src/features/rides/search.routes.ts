import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@saathchalo/shared';
import { sendJsonAnswer } from '../../lib/gzip-answer.js';
import { route } from '../../lib/route.js';
import { currentUser } from '../../plugins/auth.js';
import { locations } from './rides.service.js';
import { answerFilter, answerSearch } from './search.service.js';

/** Finding rides: search, filter and the place names for the autocomplete (under /rides, signed in). */
export const rideSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  // Pages are answered as the cached envelope's bytes (decision 008), not data to wrap.
  route(app, contract.searchRides, async (request, reply) =>
    sendJsonAnswer(request, reply, await answerSearch(deps, currentUser(request).id, request.query)),
  );

  route(app, contract.filterRides, async (request, reply) =>
    sendJsonAnswer(request, reply, await answerFilter(deps, currentUser(request).id, request.query)),
  );

  for (const call of [contract.locationsFrom, contract.locationsTo]) {
    route(app, call, async (request) => locations(deps, request.query));
  }
};
