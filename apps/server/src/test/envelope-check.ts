import { ACCOUNT_ERR_CODE, ERR_CODE, STATUS_CODE } from '@saathchalo/shared';

const KNOWN_CODES = new Set<string>([
  ...Object.values(ERR_CODE),
  ...Object.values(ACCOUNT_ERR_CODE),
  ...Object.values(STATUS_CODE),
]);

/** Fastify's and Node's internal error codes, which must never reach a client (CONTRACT section 2). */
const INTERNAL_CODE = /\b(FST_\w+|ERR_\w+|SQLITE_\w+|E(CONN\w+|PIPE|NOENT|ACCES|ADDRINUSE|TIMEDOUT))\b/;

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/**
 * What is wrong with an answer under /api, or null when it is a proper envelope: JSON with exactly
 * `success`, `data`, `message` and `error` (and a failure's `code`, and a field refusal's `field`), `success` matching the status, a
 * failure's `error` plain words and its `code` one of the catalogue's (packages/shared error-codes.ts).
 */
export function envelopeProblem(res: Answer): string | null {
  if (res.statusCode >= 500) return `a ${res.statusCode}`;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return 'not JSON';
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(res.body) as Record<string, unknown>;
  } catch {
    return 'not JSON';
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'not the envelope';
  const failed = res.statusCode >= 400;
  const keys = Object.keys(body).sort().join(',');
  // A refusal about fields of a call that names them (PUT /users/profile) carries the first as `field`.
  const expected = !failed
    ? 'data,error,message,success'
    : 'field' in body
      ? 'code,data,error,field,message,success'
      : 'code,data,error,message,success';
  if (keys !== expected) return `not the envelope (keys ${keys})`;
  if (typeof body.message !== 'string') return 'message is not text';
  if (body.success !== !failed) return `success is ${String(body.success)} with ${res.statusCode}`;
  if (!failed) return body.error === null ? null : 'error set on a success';
  if (typeof body.error !== 'string' || body.error.trim() === '') return 'error is not text';
  if (INTERNAL_CODE.test(body.error) || INTERNAL_CODE.test(body.message))
    return `an internal code in the text: ${body.error}`;
  if (typeof body.code !== 'string' || !KNOWN_CODES.has(body.code))
    return `an unknown code: ${String(body.code)}`;
  const fields = (body.data ?? {}) as Record<string, unknown>;
  if ('field' in body && (typeof body.field !== 'string' || !(body.field in fields)))
    return `field ${String(body.field)} is not one of data's`;
  return null;
}
