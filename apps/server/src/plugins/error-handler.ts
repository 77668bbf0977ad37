import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERR } from '@saathchalo/shared';
import { AppError } from '../lib/errors.js';
import { fail } from '../lib/envelope.js';

/** Bad input of any kind is a 400 with words; nothing internal ever reaches the client. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const v of error.validation) {
        const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'body';
        fields[field] ??= v.message ?? 'Invalid value';
      }
      const first = Object.values(fields)[0] ?? ERR.validationFailed;
      return reply.status(400).send(fail(first, ERR.validationFailed, fields));
    }
    if (error instanceof AppError) {
      if (error.data) {
        const first = Object.values(error.data)[0] ?? error.message;
        return reply.status(error.statusCode).send(fail(first, error.message, error.data));
      }
      return reply.status(error.statusCode).send(fail(error.message));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(fail(ERR.tooManyRequests));
    }
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(400).send(fail('Request body is too large', ERR.validationFailed));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
      return reply.status(400).send(fail('Request body is not valid JSON', ERR.validationFailed));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(fail(error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail(ERR.internal));
  });
}
