import { expect } from 'vitest';
import type { TestContext } from './test-app.js';
import { callAt, expectReply } from './contract-reply.js';
import { callName } from './spec-calls.js';
import { CLIENT_ORIGIN, preflightAllows, specCall, type ClientAnswer } from './spec-client.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Expected {
  status: number;
  message?: string;
  error?: string | null;
}

/**
 * One person using the specification's client: holds their token like the stored session does and
 * checks every answer the way the client reads it. Checks are soft, so one refused call is reported
 * and the journey goes on to the calls after it; `need` stops it where nothing later could work.
 */
export class ClientUser {
  token: string | null = null;
  refreshToken: string | null = null;
  id = '';
  readonly calls: string[];

  constructor(
    private readonly ctx: TestContext,
    calls: string[],
  ) {
    this.calls = calls;
  }

  /**
   * Sends the call, records which call of section 7 it was, and checks envelope, status, texts and CORS;
   * a success is read through its contract's response schema.
   */
  async call(
    method: Method,
    path: string,
    expected: Expected,
    options: { body?: unknown; token?: string | null } = {},
  ): Promise<ClientAnswer> {
    const token = options.token === undefined ? this.token : options.token;
    const res = await specCall(this.ctx, method, path, { token, body: options.body });
    this.calls.push(callName(method, path));
    const seen = {
      call: `${method} ${path}`,
      status: res.status,
      envelope: Object.keys(res.body).sort(),
      success: res.body.success,
      ...('message' in expected ? { message: res.body.message } : {}),
      ...('error' in expected ? { error: res.body.error } : {}),
      allowOrigin: res.headers['access-control-allow-origin'],
      preflightLetsItThrough: preflightAllows(res.preflight, method, Boolean(token)),
    };
    expect.soft(seen, `${method} ${path}: ${res.body.error ?? res.body.message}`).toEqual({
      call: `${method} ${path}`,
      status: expected.status,
      envelope:
        expected.status < 400
          ? ['data', 'error', 'message', 'success']
          : ['code', 'data', 'error', 'message', 'success'],
      success: expected.status < 400,
      ...('message' in expected ? { message: expected.message } : {}),
      ...('error' in expected ? { error: expected.error } : {}),
      allowOrigin: CLIENT_ORIGIN,
      preflightLetsItThrough: true,
    });
    if (res.status < 400) expectReply(res, callAt(method, path));
    return res;
  }
}

/** Fails the journey here: what comes after depends on this answer. */
export function need<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`the journey cannot go on without ${what}`);
  return value;
}
