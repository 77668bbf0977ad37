import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const ridesRoutes: FastifyPluginAsyncZod = async () => {
  // Routes of this feature are registered here.
};
