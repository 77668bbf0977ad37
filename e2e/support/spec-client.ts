import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { callName } from '../../apps/server/src/test/spec-calls.js';
import type { NewUser } from './data.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What the page saw of one answer: `status` null when the browser refused it (CORS) or the network failed. */
export interface PageAnswer {
  status: number | null;
  /** `Response.type`: `cors` for an answer another origin let this page read. */
  type: string | null;
  body: Record<string, any> | null;
  failure: string | null;
}

/**
 * Runs inside the page: fetch as the specification's client calls (section 7): `Content-Type:
 * application/json` on every call, with or without a body, and the bearer token when there is one. Both
 * headers make the request non-simple, so Chromium sends a real CORS preflight first.
 */
export function fetchAsSpecClient(
  page: Page,
  request: { url: string; method: Method; token: string | null; body: unknown },
): Promise<PageAnswer> {
  return page.evaluate(async ({ url, method, token, body }) => {
    try {
      const res = await fetch(url, {
        method,
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      let json: Record<string, any> | null = null;
      try {
        json = JSON.parse(text) as Record<string, any>;
      } catch {
        // not JSON: reported as a missing envelope
      }
      return { status: res.status, type: res.type, body: json, failure: null };
    } catch (err) {
      return { status: null, type: null, body: null, failure: String(err) };
    }
  }, request);
}

export interface Expected {
  status: number;
  message?: string;
  error?: string | null;
}

/** Every call the people of a journey made, by name and by URL (the URLs to match against preflights). */
export interface CallLog {
  names: string[];
  urls: Set<string>;
}

export const newCallLog = (): CallLog => ({ names: [], urls: new Set() });

/**
 * One person using the specification's client in a page on another origin: holds their tokens like the
 * stored session does and checks each answer as that client reads it: the envelope, the status, the
 * texts, and that the browser let the page read it across origins. Checks are soft, so one refused call
 * is reported and the journey goes on.
 */
export class SpecClient {
  token: string | null = null;
  refreshToken: string | null = null;
  id = '';

  constructor(
    private readonly page: Page,
    private readonly api: string,
    private readonly log: CallLog,
  ) {}

  /** Sends the call and answers its `data`. */
  async call(
    method: Method,
    path: string,
    expected: Expected,
    options: { body?: unknown; token?: string | null } = {},
  ): Promise<any> {
    const url = `${this.api}/api${path}`;
    const token = options.token === undefined ? this.token : options.token;
    const answer = await fetchAsSpecClient(this.page, { url, method, token, body: options.body });
    this.log.names.push(callName(method, path));
    this.log.urls.add(url);
    const body = answer.body;
    const seen = {
      call: `${method} ${path}`,
      status: answer.status,
      type: answer.type,
      envelope: body && typeof body === 'object' ? Object.keys(body).sort() : body,
      success: body?.success,
      ...('message' in expected ? { message: body?.message } : {}),
      ...('error' in expected ? { error: body?.error } : {}),
    };
    expect.soft(seen, `${method} ${path}: ${answer.failure ?? body?.error ?? body?.message}`).toEqual({
      call: `${method} ${path}`,
      status: expected.status,
      type: 'cors',
      // A refusal also carries its machine code beside the words (CONTRACT section 2).
      envelope:
        expected.status < 400
          ? ['data', 'error', 'message', 'success']
          : ['code', 'data', 'error', 'message', 'success'],
      success: expected.status < 400,
      ...('message' in expected ? { message: expected.message } : {}),
      ...('error' in expected ? { error: expected.error } : {}),
    });
    return body?.data;
  }
}

/** Signs up through the client and keeps the session it answers. */
export async function signUp(person: SpecClient, user: NewUser): Promise<void> {
  const registered = {
    status: 201,
    message: 'Registration successful. Please check your email to verify your account.',
  };
  const session = await person.call('POST', '/auth/register', registered, { body: user });
  person.id = need(session?.user?.id, 'a registered account');
  person.token = session.token;
  person.refreshToken = session.refreshToken;
}

/** Signs in through the client (no bearer) and keeps the session. */
export async function signIn(person: SpecClient, user: NewUser, password = user.password): Promise<void> {
  const body = { email: user.email, password };
  const signedIn = { status: 200, message: 'Login successful' };
  const session = await person.call('POST', '/auth/login', signedIn, { token: null, body });
  person.token = need(session?.token, 'a token from sign-in');
  person.refreshToken = session.refreshToken;
}

/** Fails the journey here: what comes after depends on this value. */
export function need<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new Error(`the journey cannot go on without ${what}`);
  return value;
}

/**
 * The URLs Chromium sent a CORS preflight (OPTIONS) for, as its DevTools protocol reports them:
 * page-level request events do not show preflights.
 */
export async function recordPreflights(page: Page): Promise<Set<string>> {
  const preflighted = new Set<string>();
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.method === 'OPTIONS') preflighted.add(event.request.url);
  });
  await cdp.send('Network.enable');
  return preflighted;
}
