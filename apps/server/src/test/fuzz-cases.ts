import type { Random } from './fuzz-random.js';
import {
  BAD_IDS,
  BAD_QUERY,
  CONTROL,
  HUGE,
  MALFORMED,
  ODD_TEXT,
  WRONG_CONTENT,
  WRONG_TYPES,
} from './fuzz-values.js';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  minimum?: number;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ in: string; name: string; schema: JsonSchema }>;
        requestBody?: { content?: Record<string, { schema: JsonSchema }> };
        security?: unknown[];
      }
    >
  >;
}

interface Operation {
  method: string;
  /** The OpenAPI path, `{id}` and all. */
  path: string;
  query: Array<{ name: string; schema: JsonSchema }>;
  body: JsonSchema | null;
  /** Needs a bearer token (the document's `security`). */
  secured: boolean;
}

export type AuthMode = 'none' | 'valid' | 'garbage' | 'forged' | 'huge' | 'basic';

interface FuzzRequest {
  kind: string;
  method: string;
  url: string;
  contentType?: string;
  payload?: string | Buffer;
  auth: AuthMode;
  /** The path itself is malformed, which the router answers before anyone is asked for a token. */
  inPath: boolean;
}

/** Real ids of the test's own rows, so some requests reach the code behind the lookups. */
export interface KnownIds {
  ride: string;
  booking: string;
  user: string;
}

export function operationsOf(doc: OpenApiDoc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      query: (op.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, schema: p.schema })),
      body: op.requestBody?.content?.['application/json']?.schema ?? null,
      secured: (op.security ?? []).length > 0,
    })),
  );
}

/** A value the schema accepts, chosen by the field's name where the type alone says too little. */
export function sample(name: string, schema: JsonSchema, ids: KnownIds): unknown {
  if (schema.anyOf) return sample(name, schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]!, ids);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sample(k, s, ids)]),
    );
  }
  if (/date/i.test(name)) return '2026-12-01';
  if (/time/i.test(name)) return '09:00';
  if (/email/i.test(name)) return 'fuzz@example.in';
  if (/phone/i.test(name)) return '9876543210';
  if (/password/i.test(name)) return 'chai-and-rides';
  if (name === 'rideId') return ids.ride;
  if (name === 'rateeId') return ids.user;
  if (name === 'status') return 'ACTIVE';
  return name === 'to' ? 'Mumbai' : 'Pune';
}

/** Percent-encodes text; a lone surrogate has no UTF-8, so it goes out as the bytes of one (CESU-8). */
function encodeText(text: string): string {
  return text
    .split(/([\ud800-\udfff])/)
    .map((part) => {
      if (part.length !== 1 || part < '\ud800' || part > '\udfff') return encodeURIComponent(part);
      const c = part.charCodeAt(0);
      return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');
}

/**
 * Who sends it, by turn: every other turn with a valid token (so the input reaches validation and the
 * code behind it), the turns between without one or with a bad one.
 */
const AUTH_TURNS: AuthMode[] = [
  'valid',
  'none',
  'valid',
  'garbage',
  'valid',
  'forged',
  'valid',
  'huge',
  'valid',
  'basic',
];

const BODY_KINDS = ['wrong type', 'missing field', 'huge string', 'control chars', 'text without letters'];

/**
 * The `nth` malformed request for an operation: the kinds that apply to it take turns, so each
 * operation gets every one of them; the generator picks the field and the bad value.
 */
export function malformedRequest(op: Operation, nth: number, rnd: Random, ids: KnownIds): FuzzRequest {
  const hasId = op.path.includes('{id}');
  const sendsBody = op.method !== 'GET';
  const kinds = [
    ...(op.body ? BODY_KINDS : []),
    ...(hasId ? ['bad id', 'bad id'] : []),
    ...(sendsBody ? ['malformed JSON', 'empty JSON body', 'wrong content type'] : []),
    'bad query',
    'control chars',
  ];
  const kind = kinds[nth % kinds.length]!;
  // The how-manyth request of this kind. Each value of the short lists goes out twice in a row, once
  // with a valid token and once without, so the worst ones (first in their lists) meet both.
  const turn = Math.floor(nth / kinds.length);
  const inTurn = <T>(list: readonly T[]): T => list[Math.floor(turn / 2) % list.length]!;
  const idValue = rnd.pick([ids.ride, ids.booking, ids.user, '01a20000-0000-7000-8000-000000000000']);
  let path = op.path.replace('{id}', kind === 'bad id' ? rnd.pick(BAD_IDS) : idValue);
  let inPath = kind === 'bad id';
  const query = op.query.map((p) => [p.name, encodeURIComponent(String(sample(p.name, p.schema, ids)))]);
  const body = op.body ? (sample('', op.body, ids) as Record<string, unknown>) : {};
  const fields = Object.keys(body);
  const field = fields.length > 0 ? rnd.pick(fields) : 'from';
  let contentType: string | undefined = sendsBody ? 'application/json' : undefined;
  let payload: string | Buffer | undefined = sendsBody ? JSON.stringify(body) : undefined;

  if (kind === 'wrong type') payload = JSON.stringify({ ...body, [field]: rnd.pick(WRONG_TYPES) });
  if (kind === 'missing field') {
    const required = op.body?.required ?? fields;
    const left = Object.fromEntries(
      Object.entries(body).filter(([k]) => !required.includes(k) || rnd.chance(0.5)),
    );
    payload = JSON.stringify(rnd.chance(0.3) ? {} : left);
  }
  if (kind === 'text without letters') {
    const texts = fields.filter((f) => typeof body[f] === 'string' && !/date|time|id$/i.test(f));
    payload = JSON.stringify({ ...body, [texts.length > 0 ? rnd.pick(texts) : field]: inTurn(ODD_TEXT) });
  }
  if (kind === 'huge string') payload = JSON.stringify({ ...body, [field]: 'x'.repeat(rnd.pick(HUGE)) });
  if (kind === 'control chars') {
    const text = `Pu${inTurn(CONTROL)}ne`;
    if (op.body && turn % 4 < 2) {
      const strings = fields.filter((f) => typeof body[f] === 'string');
      payload = JSON.stringify({ ...body, [strings.length > 0 ? rnd.pick(strings) : field]: text });
    } else if (query.length > 0) rnd.pick(query)[1] = encodeText(text);
    else if (hasId) {
      path = op.path.replace('{id}', encodeText(`${idValue}${text}`));
      inPath = true;
    } else query.push(['q', encodeText(text)]);
  }
  if (kind === 'malformed JSON') payload = inTurn(MALFORMED);
  if (kind === 'empty JSON body') payload = rnd.pick(['', ' ', '\r\n']);
  if (kind === 'wrong content type') [contentType, payload] = inTurn(WRONG_CONTENT);
  if (kind === 'bad query') {
    const target = query.length > 0 && rnd.chance(0.8) ? rnd.pick(query) : null;
    const value = rnd.pick(BAD_QUERY);
    if (target) target[1] = value;
    if (!target || rnd.chance(0.3)) query.push([target?.[0] ?? 'page', value]);
  }
  const search = query.length > 0 ? `?${query.map(([k, v]) => `${k}=${v}`).join('&')}` : '';
  const auth = AUTH_TURNS[turn % AUTH_TURNS.length]!;
  return { kind, method: op.method, url: `${path}${search}`, contentType, payload, auth, inPath };
}
