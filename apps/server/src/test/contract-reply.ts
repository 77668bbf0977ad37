import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import {
  contract,
  envelope,
  fillPath,
  successMessage,
  type ApiCall,
  type ResponseOf,
} from '@saathchalo/shared';

/** An answer as app.inject gives it, or as the tests' `call` helpers keep it. */
export type Reply = Pick<LightMyRequestResponse, 'statusCode' | 'json'> | { status: number; body: unknown };

const statusOf = (res: Reply) => ('statusCode' in res ? res.statusCode : res.status);
const bodyOf = (res: Reply): unknown => ('statusCode' in res ? res.json() : res.body);

/**
 * Reads a successful answer through the call's contract: its status, the envelope, its success message,
 * and `data` parsed by the call's response schema. A field missing, of another type or not in the schema
 * (the parse would drop it) fails the test, so a reply cannot drift from what clients are told to expect.
 */
export function expectReply<C extends ApiCall>(res: Reply, call: C): ResponseOf<C> {
  const body = bodyOf(res);
  const name = `${call.method} ${call.path}`;
  expect(statusOf(res), `${name}: ${JSON.stringify(body)}`).toBe(call.status);
  const parsed = envelope(call.response).safeParse(body);
  if (!parsed.success) {
    throw new Error(`${name} answered outside its contract: ${JSON.stringify(parsed.error.issues)}`);
  }
  expect(parsed.data.data, `${name}: fields outside its response schema`).toStrictEqual(
    (body as { data: unknown }).data,
  );
  const data = parsed.data.data as ResponseOf<C>;
  expect(parsed.data.message, name).toBe(successMessage(call, data));
  expect(parsed.data).toMatchObject({ success: true, error: null });
  return data;
}

/** The call's URL under /api, its `{id}`s filled in and its query appended, for app.inject. */
export function urlOf(
  call: ApiCall,
  params?: Record<string, string>,
  query?: Record<string, string>,
): string {
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  return `/api${fillPath(call.path, params)}${search}`;
}

/** The contract's call that `method path` (under /api, with ids and a query) is, for tests that send URLs. */
export function callAt(method: string, path: string): ApiCall {
  const route = path.split('?')[0]!;
  // /rides/my-rides is that call, not /rides/{id}: the call with fewer parameters wins.
  const params = (call: ApiCall) => call.path.split('{').length;
  const found = Object.values(contract as Record<string, ApiCall>)
    .filter(
      (call) =>
        call.method === method && new RegExp(`^${call.path.replace(/\{\w+\}/g, '[^/]+')}/?$`).test(route),
    )
    .sort((a, b) => params(a) - params(b))[0];
  if (!found) throw new Error(`no call of the contract is ${method} ${path}`);
  return found;
}
