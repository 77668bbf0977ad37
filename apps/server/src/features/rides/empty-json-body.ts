import type { FastifyInstance } from 'fastify';

/**
 * The specification's client sends `Content-Type: application/json` on every call, also on the
 * ones without a body (PUT /rides/{id}/status, DELETE /rides/{id}, PUT /bookings/{id}/confirm, ...).
 * Fastify's JSON parser refuses such an empty body; in the marketplace routes it means an empty
 * object, so a call that needs fields still answers with the field messages. Anything else still goes through Fastify's own (prototype-poisoning safe) parser.
 * Registered inside the route plugins, so it applies to their routes only.
 */
export function acceptEmptyJsonBody(app: FastifyInstance): void {
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
}
