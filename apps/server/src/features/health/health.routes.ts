import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contract } from '@saathchalo/shared';
import { route } from '../../lib/route.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, contract.health, async () => {
    await sql`select 1`.execute(app.deps.db);
    return { status: 'ok' as const, database: app.deps.dbKind };
  });
};
