import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call of the API, written once: the server registers its route and OpenAPI schema from it, the web
 * client sends it and types its answer from it, and the tests read its replies through `response`.
 * `path` is relative to `/api`, with `{name}` for path parameters (as OpenAPI writes them).
 */
export interface ApiCall<
  P extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  /** A signed-in call: answered 401 without a live access token, before its input is looked at. */
  auth: boolean;
  tag: 'auth' | 'users' | 'rides' | 'bookings' | 'ratings' | 'health' | 'safety' | 'places' | 'commutes';
  summary: string;
  params: P;
  query: Q;
  body: B;
  /** The `data` of a successful answer, and its status. */
  response: R;
  status: 200 | 201;
  /** The success message (texts live in MSG / ACCOUNT_MSG); a function when it depends on the answer. */
  message: string | MessageFn<R>;
  /**
   * A refusal about fields also names the first of them as `field`, beside `data`'s map: the
   * specification's answer of PUT /users/profile ("optionally field"), which its client shows under that
   * field of the form.
   */
  namesField?: boolean;
}

/** Method syntax, so an entry's message over its own data still counts as an ApiCall's (bivariant). */
type MessageFn<R extends z.ZodType> = { fn(data: z.output<R>): string }['fn'];

type Parts<P, Q, B, R extends z.ZodType> = {
  status?: 200 | 201;
  method: HttpMethod;
  path: string;
  auth: boolean;
  tag: ApiCall['tag'];
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  message?: string | MessageFn<R>;
  namesField?: boolean;
};

/** An ApiCall with the defaults filled in: status 200, message 'OK', no params, query or body. */
export function defineCall<
  R extends z.ZodType,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(parts: Parts<P, Q, B, R>): ApiCall<P, Q, B, R> {
  return {
    params: undefined as P,
    query: undefined as Q,
    body: undefined as B,
    status: 200,
    message: 'OK',
    ...parts,
  } as ApiCall<P, Q, B, R>;
}

/** What a call's answer carries in `data`, and what its parts take, as the client sends them. */
export type ResponseOf<C extends ApiCall> = z.output<C['response']>;
export type ParamsOf<C extends ApiCall> = C['params'] extends z.ZodType ? z.input<C['params']> : undefined;
export type QueryOf<C extends ApiCall> = C['query'] extends z.ZodType ? z.input<C['query']> : undefined;
export type BodyOf<C extends ApiCall> = C['body'] extends z.ZodType ? z.input<C['body']> : undefined;

/** `/rides/{id}/book` with `{ id: 'x y' }` → `/rides/x%20y/book`. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
}

/** The call's text message for its answer. */
export function successMessage<C extends ApiCall>(call: C, data: ResponseOf<C>): string {
  return typeof call.message === 'function' ? call.message(data) : call.message;
}
