import type { Compilable, CompiledQuery, QueryResult } from 'kysely';
import type { Executor } from './database.js';
import { nameStatement } from './statement-names.js';

/** What a stand-in value starts with: no real value the server binds contains a NUL character. */
const STAND_IN = '\u0000value:';

interface Template<R> {
  query: CompiledQuery<R>;
  /** For each parameter of the compiled query: the name of the value it takes, or undefined if fixed. */
  slots: (string | undefined)[];
}

/**
 * A query that Kysely builds and compiles once per kind of database rather than on every call: on a hot
 * path, building and compiling statements is a large share of the server's busy time (decision 017).
 *
 * `build` is called once with stand-ins for `values`: it must hand each of them to Kysely as a value
 * (a comparison, a SET or VALUES entry, a `sql` parameter), never compute with it or choose the query's
 * shape by it. Everything else the query holds is fixed at that first call.
 */
export function prepared<V extends object, R>(
  build: (db: Executor, values: V) => Compilable<R>,
): (db: Executor, values: V) => Promise<QueryResult<R>> {
  // SQLite and PostgreSQL compile to different SQL; a transaction shares its database's adapter.
  const templates = new WeakMap<object, Template<R>>();
  return async (db, values) => {
    const adapter = db.getExecutor().adapter;
    let template = templates.get(adapter);
    if (!template) {
      template = compileTemplate(db, build);
      templates.set(adapter, template);
    }
    const { query, slots } = template;
    const parameters = query.parameters.map((fixed, i) => {
      const name = slots[i];
      if (name === undefined) return fixed;
      // Kysely leaves an undefined value out of an INSERT; here the column is always there, so it is NULL.
      return (values as Record<string, unknown>)[name] ?? null;
    });
    return await db.executeQuery<R>({ ...query, parameters });
  };
}

function compileTemplate<V extends object, R>(
  db: Executor,
  build: (db: Executor, values: V) => Compilable<R>,
): Template<R> {
  const standIns = new Map<string, string>();
  const values = new Proxy({} as V, {
    get(_, name) {
      if (typeof name !== 'string') return undefined;
      const standIn = `${STAND_IN}${name}`;
      standIns.set(standIn, name);
      return standIn;
    },
  });
  const query = build(db, values).compile();
  const misused = (text: string) =>
    new Error(`prepared query: a value was computed with or written into the SQL, not bound: ${text}`);
  if (query.sql.includes(STAND_IN)) throw misused(query.sql);
  nameStatement(query.sql);
  const slots = query.parameters.map((p) => {
    if (typeof p !== 'string' || !p.includes(STAND_IN)) return undefined;
    const name = standIns.get(p);
    if (name === undefined) throw misused(p);
    return name;
  });
  return { query, slots };
}
