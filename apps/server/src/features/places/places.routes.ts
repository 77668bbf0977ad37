import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, placeSchema, placesQuery } from '@saathchalo/shared';
import { ok } from '../../lib/envelope.js';
import { LIMITS, perIp } from '../../plugins/rate-limit.js';
import { findPlaces } from './places.service.js';

/** GET /api/places: public, like the pages that use it before anyone signs in (the search form). */
export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: perIp(LIMITS.placesPerIp, LIMITS.placesWindowMs),
      schema: {
        tags: ['places'],
        summary:
          'Places for autocomplete (q: exact, then prefix, then bigger places; up to 10), or the nearest to lat/lng',
        querystring: placesQuery,
        response: { 200: envelope(z.array(placeSchema)) },
      },
    },
    async (request) => ok(findPlaces(request.query)),
  );
};
