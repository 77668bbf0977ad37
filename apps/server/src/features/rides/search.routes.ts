import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, filterQuery, locationsQuery, rideSchema, searchQuery } from '@saathchalo/shared';
import { ok, sendJson } from '../../lib/envelope.js';
import { currentUser } from '../../plugins/auth.js';
import { locations } from './rides.service.js';
import { answerFilter, answerSearch } from './search.service.js';

const tags = ['rides'];
const security = [{ bearerAuth: [] }];
const rideList = envelope(z.array(rideSchema));

/** Finding rides: search, filter and the place names for the autocomplete (under /rides, signed in). */
export const rideSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;

  app.get(
    '/search',
    {
      schema: {
        tags,
        security,
        summary:
          'Search bookable rides by place (prefix, word and old/new names), date and seats; soonest first',
        querystring: searchQuery,
        response: { 200: rideList },
      },
    },
    async (request, reply) =>
      sendJson(reply, await answerSearch(deps, currentUser(request).id, request.query)),
  );

  app.get(
    '/filter',
    {
      schema: {
        tags,
        security,
        summary: 'Search with price, departure window and seat filters, sorted by departure, price or rating',
        querystring: filterQuery,
        response: { 200: rideList },
      },
    },
    async (request, reply) =>
      sendJson(reply, await answerFilter(deps, currentUser(request).id, request.query)),
  );

  for (const side of ['from', 'to'] as const) {
    app.get(
      `/locations/${side}`,
      {
        schema: {
          tags,
          security,
          summary: `Place names for the "${side}" autocomplete (optional q prefix), busiest first`,
          querystring: locationsQuery,
          response: { 200: envelope(z.array(z.string())) },
        },
      },
      async (request) => ok(await locations(deps, request.query)),
    );
  }
};
