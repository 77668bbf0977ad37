import type { FastifyReply } from 'fastify';
import type { ErrorCode } from '@saathchalo/shared';

export interface EnvelopeBody<T> {
  success: boolean;
  data: T;
  message: string;
  error: string | null;
  /** On refusals only: the stable machine code beside the words (ERR_CODE in packages/shared). */
  code?: ErrorCode;
  /** On refusals about fields of a call that names them (ApiCall.namesField): the first of them. */
  field?: string;
}

/** Plain words for what a layer below the use cases refused: never an internal error code. */
export const HTTP_ERR = {
  badRequest: 'The request could not be read',
  badUrl: 'The address is not valid',
  timeout: 'The request took too long to arrive',
  tooLarge: 'The request is too large',
  uriTooLong: 'The address is too long',
  unsupportedType: 'Unsupported content type: send JSON',
  headersTooLarge: 'The request headers are too large',
  shuttingDown: 'The server is restarting. Please try again in a moment.',
} as const;

export const ok = <T>(data: T, message = 'OK'): EnvelopeBody<T> => ({
  success: true,
  data,
  message,
  error: null,
});

export const fail = <T = null>(
  code: ErrorCode,
  error: string,
  message: string = error,
  data: T = null as T,
): EnvelopeBody<T> => ({
  success: false,
  data,
  message,
  error,
  code,
});

/**
 * The text of `ok(data, message)` for data that is already JSON text (cached search pages), so it is not
 * parsed and written again: byte for byte what JSON.stringify(ok(JSON.parse(dataJson), message)) gives.
 */
export const okJsonText = (dataJson: string, message = 'OK'): string =>
  `{"success":true,"data":${dataJson},"message":${JSON.stringify(message)},"error":null}`;

/** Sends JSON that is already text or bytes: Fastify passes either through untouched with a JSON type. */
export function sendJson(reply: FastifyReply, body: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
