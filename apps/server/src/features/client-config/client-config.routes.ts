import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@saathchalo/shared';
import { route } from '../../lib/route.js';

/**
 * GET /api/config: what the web app needs to know of the server's configuration, which is only whether
 * map tiles can be drawn under a route (MAP_TILES_URL). Asked for only by the screens that draw a route,
 * so the first view of / pays nothing for it; the answer may be cached for an hour.
 */
export const clientConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const tiles = app.deps.config.mapTiles;
  const config = { mapTilesUrl: tiles?.url ?? null, mapAttribution: tiles?.attribution ?? null };
  route(app, contract.clientConfig, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return config;
  });
};
