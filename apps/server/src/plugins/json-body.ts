import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The specification's client sends `Content-Type: application/json` on every call, also on the ones
 * without a body (DELETE /users/profile, PUT /rides/{id}/status, PUT /bookings/{id}/confirm, ...).
 * Fastify's JSON parser refuses such an empty body; here it is no fields at all (`{}`), so a call that
 * needs fields still answers with the field messages. Anything else still goes through Fastify's own
 * (prototype-poisoning safe) parser. Registered once at the root, so every route reads JSON the same way.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    parseJson(request, text, done);
  });
});
