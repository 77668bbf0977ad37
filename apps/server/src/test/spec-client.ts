import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from './test-app.js';

/** The site the specification's own browser client is served from in these tests (CORS_ORIGINS). */
export const CLIENT_ORIGIN = 'https://client.saathchalo.test';

export interface Envelope {
  success: boolean;
  data: any;
  message: string;
  error: string | null;
}

export interface ClientAnswer {
  status: number;
  body: Envelope;
  headers: LightMyRequestResponse['headers'];
  /** What the browser's preflight for this call was answered with. */
  preflight: { status: number; headers: LightMyRequestResponse['headers'] };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Calls the API exactly as the specification's client does (its section 7): every call under /api with
 * `Content-Type: application/json`, with or without a body (a PUT or DELETE with nothing to send goes
 * out with an empty body), the bearer token when one is held, from the client's own origin. A browser
 * preflights every such call (the JSON content type and the Authorization header are not "simple"),
 * so each call is preceded by the preflight Chromium would send, and its answer is kept for the test.
 */
export async function specCall(
  ctx: TestContext,
  method: Method,
  path: string,
  options: { token?: string | null; body?: unknown; origin?: string } = {},
): Promise<ClientAnswer> {
  const origin = options.origin ?? CLIENT_ORIGIN;
  const url = `/api${path}`;
  const requestHeaders = options.token ? 'authorization,content-type' : 'content-type';
  const preflight = await ctx.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': requestHeaders,
    },
  });
  const res = await ctx.app.inject({
    method,
    url,
    headers: {
      origin,
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    // fetch() with no body still sends the JSON content type; the body is then empty.
    payload: method === 'GET' ? undefined : options.body === undefined ? '' : JSON.stringify(options.body),
  });
  return {
    status: res.statusCode,
    body: parseBody(res.body),
    headers: res.headers,
    preflight: { status: preflight.statusCode, headers: preflight.headers },
  };
}

function parseBody(text: string): Envelope {
  try {
    return JSON.parse(text) as Envelope;
  } catch {
    return { success: false, data: text, message: 'not JSON', error: 'not JSON' };
  }
}

/** Whether a preflight answer lets the browser send `method` with the client's headers from `origin`. */
export function preflightAllows(
  preflight: ClientAnswer['preflight'],
  method: Method,
  withToken: boolean,
  origin = CLIENT_ORIGIN,
): boolean {
  const h = preflight.headers;
  const list = (v: unknown) =>
    String(v ?? '')
      .toLowerCase()
      .split(',')
      .map((s) => s.trim());
  const methods = list(h['access-control-allow-methods']);
  const headers = list(h['access-control-allow-headers']);
  const simpleMethod = method === 'GET' || method === 'POST';
  return (
    preflight.status >= 200 &&
    preflight.status < 300 &&
    h['access-control-allow-origin'] === origin &&
    (simpleMethod || methods.includes(method.toLowerCase()) || methods.includes('*')) &&
    (headers.includes('content-type') || headers.includes('*')) &&
    (!withToken || headers.includes('authorization'))
  );
}
