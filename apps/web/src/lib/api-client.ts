import {
  API_BASE,
  fillPath,
  NETWORK_ERROR,
  type ApiCall,
  type BodyOf,
  type Envelope,
  type ErrorCode,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@saathchalo/shared';
import { paths } from '@/config/paths';
import { clearSession, getSession, updateSession } from './session';
import { navigateTo } from './navigation';

export { NETWORK_ERROR };

/** A refusal from the server, with the message chosen by the specification's precedence (section 8). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** The refusal's stable machine code (ERR_CODE in packages/shared): what screens compare, never the words. */
  get code(): ErrorCode | null {
    const code = (this.body as { code?: unknown } | null)?.code;
    return typeof code === 'string' ? (code as ErrorCode) : null;
  }
  /** Whether the words are the server's own, not this client's last-resort text for a wordless refusal. */
  get hasServerText(): boolean {
    return this.message !== errorMessageOf(null, this.status);
  }
  /** Field-to-message map of a validation failure, when the server sent one. */
  get fields(): Record<string, string> {
    const data = (this.body as { data?: unknown } | null)?.data;
    return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, string>) : {};
  }
}

/** The request never reached the server: the session is kept (CONTRACT section 6). */
export class NetworkError extends Error {
  constructor(message = NETWORK_ERROR) {
    super(message);
    this.name = 'NetworkError';
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

const isLoginOrRegister = (path: string) => /^\/auth\/(login|register)$/.test(path);

function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

/** Specification section 8: text data, error, message (unless 'Validation failed'), data.message, data.error. */
export function errorMessageOf(body: unknown, status: number): string {
  if (typeof body === 'string' && body.trim()) return body;
  if (body && typeof body === 'object') {
    const b = body as { error?: unknown; message?: unknown; data?: unknown };
    if (typeof b.error === 'string' && b.error) return b.error;
    if (typeof b.message === 'string' && b.message && b.message !== 'Validation failed') return b.message;
    const d = b.data as { message?: unknown; error?: unknown } | null | undefined;
    if (d && typeof d === 'object') {
      if (typeof d.message === 'string' && d.message) return d.message;
      if (typeof d.error === 'string' && d.error) return d.error;
    }
  }
  return status ? `API call failed with status ${status}` : 'An error occurred';
}

function signOutToSignIn(): void {
  clearSession();
  navigateTo(paths.signIn, { replace: true });
}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body === undefined
          ? undefined
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    throw new NetworkError();
  }
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

let refreshing: Promise<boolean> | null = null;

/**
 * One refresh at a time, shared by every call that met a 401 meanwhile. A refresh that never reached
 * the server throws the NetworkError: the server refused nothing, so the session stays (CONTRACT
 * section 6) and the screen keeps what the user typed.
 */
export function refreshTokens(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = getSession()?.refreshToken;
    if (!refreshToken) return false;
    const res = await send('/auth/refresh-token', { method: 'POST' }, refreshToken);
    let body: Envelope<{ token: string; refreshToken?: string }> | null;
    try {
      body = (await readBody(res)) as typeof body;
    } catch {
      throw new NetworkError();
    }
    if (!res.ok || !body || body.success === false || !body.data?.token) return false;
    updateSession({ token: body.data.token, refreshToken: body.data.refreshToken ?? refreshToken });
    return true;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Every call of the web app goes through here (specification sections 7 and 8): the envelope, the bearer
 * token, one refresh and one retry on a 401, then sign-out to /signin.
 */
async function apiCall<T>(
  path: string,
  options: RequestOptions & { signedIn: boolean },
): Promise<Envelope<T>> {
  // The sign-in side of the API (the contract's calls without `auth`) needs no session and is not refreshed.
  const auth = !options.signedIn;
  const session = getSession();
  if (!auth && !session?.token) {
    signOutToSignIn();
    throw new ApiError('No authentication token found', 401, null);
  }
  let res = await send(path, options, session?.token ?? null);
  if (res.status === 401 && !auth) {
    if (await refreshTokens()) {
      res = await send(path, options, getSession()?.token ?? null);
    }
    if (res.status === 401) {
      signOutToSignIn();
      throw new ApiError('Session expired or unauthorized. Please sign in again.', 401, await readBody(res));
    }
  } else if (res.status === 401 && !isLoginOrRegister(path)) {
    const body = await readBody(res);
    signOutToSignIn();
    throw new ApiError(errorMessageOf(body, 401), 401, body);
  }
  const body = await readBody(res);
  const env = body as Partial<Envelope<T>> | null;
  if (!res.ok || (env && typeof env === 'object' && env.success === false)) {
    throw new ApiError(errorMessageOf(body, res.status), res.status, body);
  }
  // A body without `success` counts as a success (specification section 7).
  if (!env || typeof env !== 'object' || !('success' in env)) {
    return { success: true, data: body as T, message: '', error: null };
  }
  return env as Envelope<T>;
}

/** What one call of the contract sends: its path parameters, query and body (a FormData for an upload). */
export interface CallInput<C extends ApiCall> {
  params?: ParamsOf<C>;
  query?: QueryOf<C>;
  body?: BodyOf<C> | FormData;
  signal?: AbortSignal;
}

/** One call of the contract (`contract.<name>` from @saathchalo/shared), answered with its envelope. */
function sendCall<C extends ApiCall>(call: C, input: CallInput<C> = {}): Promise<Envelope<ResponseOf<C>>> {
  return apiCall<ResponseOf<C>>(fillPath(call.path, input.params as Record<string, unknown> | undefined), {
    method: call.method,
    signedIn: call.auth,
    query: input.query as Query | undefined,
    body: input.body,
    signal: input.signal,
  });
}

/**
 * The web app's calls: `api.call(contract.bookRide, { params, body })`. Path, method and types come from
 * the contract; there are no string paths or type casts in the feature api files.
 */
export const api = {
  /** Answers the call's `data`, typed by its response schema. */
  call: async <C extends ApiCall>(call: C, input: CallInput<C> = {}): Promise<ResponseOf<C>> =>
    (await sendCall(call, input)).data,
  /** Answers the whole envelope, for the screens that show the server's success message. */
  send: sendCall,
};
