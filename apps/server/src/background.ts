import type { FastifyInstance } from 'fastify';
import { seedDemoIfEmpty } from './features/demo/demo-seed.js';
import { startMailWorker } from './features/mail/mail-worker.js';

interface Background {
  stop(): Promise<void>;
}

/** Work that runs beside the HTTP server: demo data on an empty database, the mail outbox worker. */
export async function startBackground(app: FastifyInstance): Promise<Background> {
  if (app.deps.config.seedDemo) await seedDemoIfEmpty(app);
  const stopMail = await startMailWorker(app);
  return {
    async stop() {
      await stopMail();
    },
  };
}
