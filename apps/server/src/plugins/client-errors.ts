import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorCodeOf } from '@saathchalo/shared';
import { fail, HTTP_ERR } from '../lib/envelope.js';

/**
 * The reason phrases of the answers below. Not `STATUS_CODES` from node:http: importing node:http as an
 * ES module makes Node read every export of it, and its WebSocket getter loads Node's fetch (undici): 1.2 MB
 * of heap at start (a 745 KB source among it) that the server otherwise never uses.
 */
const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/** Node's parser refused the request before Fastify saw it: the answer is written to the socket by hand. */
function answerOf(code: string | undefined): { status: number; text: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, text: HTTP_ERR.timeout };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, text: HTTP_ERR.headersTooLarge };
  return { status: 400, text: HTTP_ERR.badRequest };
}

/**
 * Fastify's `clientErrorHandler`: a request that timed out (headers or body too slow), headers over Node's
 * limit, or bytes that are not HTTP. Answered in the envelope, then the connection is closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // An answer already on its way (a 401 sent before a body that then stalled) must not be corrupted.
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const { status, text } = answerOf(error.code);
    const body = JSON.stringify(fail(errorCodeOf(text, status), text));
    socket.write(
      `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
