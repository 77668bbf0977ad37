import type { FastifyInstance } from 'fastify';

/** Starts the outbox worker; returns its stop function. */
export async function startMailWorker(_app: FastifyInstance): Promise<() => Promise<void>> {
  return async () => {};
}
