import type { FastifyInstance } from 'fastify';
import { seedDemoIfEmpty } from './features/demo/demo-seed.js';
import { startJobWorker } from './features/jobs/index.js';
import { startMailWorker } from './features/mail/mail-worker.js';
import { jobHandlers } from './job-handlers.js';

interface Background {
  stop(): Promise<void>;
}

/** Work that runs beside the HTTP server: demo data on an empty database, the mail outbox and job workers. */
export async function startBackground(app: FastifyInstance): Promise<Background> {
  if (app.deps.config.seedDemo) await seedDemoIfEmpty(app);
  const stopMail = await startMailWorker(app);
  // Jobs stop first: the mails a last job writes are in the outbox for the next start if not sent now.
  const stopJobs = startJobWorker(app, jobHandlers(app.deps));
  return {
    async stop() {
      await stopJobs();
      await stopMail();
    },
  };
}
