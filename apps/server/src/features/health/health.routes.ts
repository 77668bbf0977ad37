import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, healthSchema } from '@saathchalo/shared';
import { ok } from '../../lib/envelope.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: envelope(healthSchema) } } },
    async () => {
      await sql`select 1`.execute(app.deps.db);
      return ok({ status: 'ok' as const, database: app.deps.dbKind });
    },
  );
};
