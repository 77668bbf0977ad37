import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const usersRoutes: FastifyPluginAsyncZod = async () => {
  // Routes of this feature are registered here.
};
