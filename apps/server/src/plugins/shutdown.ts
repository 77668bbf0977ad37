import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fail, HTTP_ERR } from '../lib/envelope.js';

/** Seconds a client is told to wait before trying again: a restart takes a few. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Requests that arrive on an open connection while the server closes are answered 503 in the envelope with
 * Retry-After (Fastify's own 503 is not the envelope, so `return503OnClosing` is off in app.ts).
 */
export const shutdownPlugin = fp(async (app: FastifyInstance) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A callback hook: on every request, an async one would cost a promise for a flag that is almost never set.
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    void reply
      .status(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .header('connection', 'close')
      .send(fail('UNAVAILABLE', HTTP_ERR.shuttingDown));
  });
});

/**
 * Closes the app and waits for requests in flight, but no longer than `deadlineMs`: then every remaining
 * connection (a stalled upload, a client that never finishes) is cut so the process can exit.
 */
export async function closeWithDeadline(app: FastifyInstance, deadlineMs: number): Promise<void> {
  const cut = setTimeout(() => {
    app.log.warn({ deadlineMs }, 'shutdown deadline passed: closing the remaining connections');
    app.server.closeAllConnections();
  }, deadlineMs);
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
  }
}
