import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendJson } from './envelope.js';

/** JSON bytes that may also be at hand gzip-compressed (kept search pages, features/rides/search-page.ts). */
export interface JsonAnswer {
  gzip?: Buffer;
  json(): Buffer;
}

/**
 * Whether an Accept-Encoding header takes gzip: named (or `*`) without `q=0` (RFC 9110, 12.5.3).
 * `identity` alone, or no header at all, means the JSON as it is.
 */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  let star = false;
  for (const part of text.toLowerCase().split(',')) {
    const [coding = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    const refused = q !== undefined && Number(q.slice(2)) === 0;
    if (coding === 'gzip' || coding === 'x-gzip') return !refused;
    if (coding === '*') star = !refused;
  }
  return star;
}

/** Adds Accept-Encoding to the reply's Vary, keeping what is there (CORS's `Origin`). */
function varyByEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const text = Array.isArray(vary) ? vary.join(', ') : vary === undefined ? '' : String(vary);
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(text)) return;
  reply.header('vary', text ? `${text}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Sends the compressed bytes to a client that takes gzip, the JSON to any other. Either way the answer
 * varies by Accept-Encoding, so a shared cache never hands the one to a client asking for the other.
 */
export function sendJsonAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: JsonAnswer,
): FastifyReply {
  varyByEncoding(reply);
  if (answer.gzip && acceptsGzip(request.headers['accept-encoding'])) {
    return sendJson(reply.header('content-encoding', 'gzip'), answer.gzip);
  }
  return sendJson(reply, answer.json());
}
