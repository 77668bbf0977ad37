import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import { envelope, successMessage, type ApiCall } from '@saathchalo/shared';
import { ok } from './envelope.js';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The call's contract names the first bad field of a refusal as `field` (ApiCall.namesField). */
    namesField?: boolean;
  }
}

/** What a contract route's handler sees: params, query and body as the call's schemas give them. */
export type CallRequest<C extends ApiCall> = FastifyRequest<{
  Params: Out<C['params']>;
  Querystring: Out<C['query']>;
  Body: Out<C['body']>;
}>;

/** The handler answers the call's data (sent as `ok(data, message)` with its status), or the reply it sent. */
export type CallHandler<C extends ApiCall> = (
  request: CallRequest<C>,
  reply: FastifyReply,
) => Promise<z.input<C['response']> | FastifyReply>;

/** Route options besides the schema: rate limits, hooks, a body limit, what else the schema documents. */
export type CallOptions = Omit<RouteShorthandOptions, 'schema'> & { schema?: FastifySchema };

/** The Fastify schema of a call: its validation, and its page of the OpenAPI document. */
export function schemaOf(call: ApiCall, extra: FastifySchema = {}): FastifySchema {
  return {
    tags: [call.tag],
    ...(call.auth ? { security: [{ bearerAuth: [] }] } : {}),
    summary: call.summary,
    ...(call.params ? { params: call.params } : {}),
    ...(call.query ? { querystring: call.query } : {}),
    ...(call.body ? { body: call.body } : {}),
    response: { [call.status]: envelope(call.response) },
    ...extra,
  } as FastifySchema;
}

/**
 * The call's path inside the plugin `app` (registered under a prefix such as /api/rides): `{id}` becomes
 * Fastify's `:id`. The whole prefix stays `/`, as a route registered at the plugin's root.
 */
function localPath(app: FastifyInstance, call: ApiCall): string {
  const full = `/api${call.path.replace(/\{(\w+)\}/g, ':$1')}`;
  if (!full.startsWith(app.prefix)) throw new Error(`${call.path} is not under ${app.prefix}`);
  return full.slice(app.prefix.length) || '/';
}

/**
 * Registers one call of the contract: method, path, schemas, status and success message all come from
 * `call`, so a route writes only what it does. Whether it needs a session is the plugin's hook
 * (`app.authenticate`), which `contract-auth.test.ts` holds to `call.auth`.
 */
export function route<C extends ApiCall>(
  app: FastifyInstance,
  call: C,
  options: CallOptions | CallHandler<C>,
  handler?: CallHandler<C>,
): void {
  const [opts, handle] = typeof options === 'function' ? [{}, options] : [options, handler!];
  app.route({
    ...opts,
    // Read by the error handler: whether a refusal about fields names the first one (call.namesField).
    config: { ...opts.config, namesField: call.namesField === true },
    method: call.method,
    url: localPath(app, call),
    schema: schemaOf(call, opts.schema),
    handler: async (request, reply) => {
      const data = await handle(request as CallRequest<C>, reply);
      if (data === reply) return reply;
      return reply.status(call.status).send(ok(data, successMessage(call, data as z.output<C['response']>)));
    },
  });
}
