import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@saathchalo/shared';
import { route } from '../../lib/route.js';
import { LIMITS, perIp } from '../../plugins/rate-limit.js';
import { findPlaces } from './places.service.js';

/** GET /api/places: public, like the pages that use it before anyone signs in (the search form). */
export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    contract.findPlaces,
    { config: perIp(LIMITS.placesPerIp, LIMITS.placesWindowMs) },
    async (request) => findPlaces(request.query),
  );
};
