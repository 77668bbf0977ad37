import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERR, errorCodeOf } from '@saathchalo/shared';
import { AppError } from '../lib/errors.js';
import { fail, HTTP_ERR, type EnvelopeBody } from '../lib/envelope.js';

/** Plain words for the statuses that Fastify and its plugins raise with their own (internal) texts. */
const TEXT_BY_STATUS: Readonly<Record<number, string>> = {
  404: ERR.notFound,
  408: HTTP_ERR.timeout,
  413: HTTP_ERR.tooLarge,
  414: HTTP_ERR.uriTooLong,
  415: HTTP_ERR.unsupportedType,
  431: HTTP_ERR.headersTooLarge,
  503: HTTP_ERR.shuttingDown,
};

const isJson = (request: FastifyRequest) =>
  /^application\/json\b/i.test(request.headers['content-type'] ?? '');

/** What the request body is told when it is JSON but not an object (null, a list, text, a number). */
const BODY_NOT_OBJECT = 'Request body must be a JSON object';

/**
 * A field's message: the schema's own, or for a value of the wrong kind where the schema gave none, ours
 * instead of zod's English ("Invalid input: expected object, received null").
 */
function wordsOf(v: { keyword: string; message?: string; params: Record<string, unknown> }, field: string) {
  const message = v.message ?? 'Invalid value';
  if (v.keyword !== 'invalid_type' || !message.startsWith('Invalid input')) return message;
  if (field === 'body') return BODY_NOT_OBJECT;
  if (v.params.expected === 'object') return 'Must be an object';
  if (v.params.expected === 'array') return 'Must be a list';
  return message;
}

/**
 * On a call whose contract says so (`namesField`: the specification's PUT /users/profile, "optionally
 * field"), a refusal about fields also names the first of them as `field`: its client shows the error
 * under that field of the form, else in a banner.
 */
function naming<T extends Record<string, string>>(
  request: FastifyRequest,
  body: EnvelopeBody<T>,
): EnvelopeBody<T> {
  const field = Object.keys(body.data ?? {})[0];
  return request.routeOptions.config?.namesField !== true || field === undefined ? body : { ...body, field };
}

/** Bad input of any kind is a 400 with words; nothing internal ever reaches the client. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const v of error.validation) {
        const field =
          v.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'body';
        fields[field] ??= wordsOf(v, field);
      }
      const first = Object.values(fields)[0] ?? ERR.validationFailed;
      return reply
        .status(400)
        .send(naming(request, fail('VALIDATION_FAILED', first, ERR.validationFailed, fields)));
    }
    if (error instanceof AppError) {
      if (error.data) {
        const first = Object.values(error.data)[0] ?? error.message;
        return reply
          .status(error.statusCode)
          .send(naming(request, fail(error.code, first, error.message, error.data)));
      }
      return reply.status(error.statusCode).send(fail(error.code, error.message));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(fail('TOO_MANY_REQUESTS', ERR.tooManyRequests));
    }
    // The contract makes an oversized JSON body a validation failure; other layers' 413s stay 413s.
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && isJson(request)) {
      return reply
        .status(400)
        .send(fail('VALIDATION_FAILED', 'Request body is too large', ERR.validationFailed));
    }
    if (
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      error instanceof SyntaxError
    ) {
      return reply
        .status(400)
        .send(fail('VALIDATION_FAILED', 'Request body is not valid JSON', ERR.validationFailed));
    }
    if (status >= 400 && status < 500) {
      const text = TEXT_BY_STATUS[status] ?? error.message;
      return reply.status(status).send(fail(errorCodeOf(text, status), text));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail('INTERNAL', ERR.internal));
  });
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs (a path that is not
 * valid percent-encoding, an over-long path parameter). Without it Fastify answers with its own shape.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode ?? 500;
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send(fail('BAD_REQUEST', HTTP_ERR.badUrl));
    return;
  }
  if (status >= 400 && status < 500) {
    const text = TEXT_BY_STATUS[status] ?? HTTP_ERR.badRequest;
    void reply.status(status).send(fail(errorCodeOf(text, status), text));
    return;
  }
  request.log.error({ err: error }, 'router error');
  void reply.status(500).send(fail('INTERNAL', ERR.internal));
}
