import type { FastifyInstance } from 'fastify';

export interface Background {
  stop(): Promise<void>;
}

/**
 * Work that runs beside the HTTP server: demo data on an empty database, the mail outbox worker.
 * Each piece is added by its feature.
 */
export async function startBackground(_app: FastifyInstance): Promise<Background> {
  const stops: Array<() => Promise<void>> = [];
  return {
    async stop() {
      for (const stop of stops.reverse()) await stop();
    },
  };
}
