import { CompiledQuery } from 'kysely';
import { isPostgres, type Executor } from './database.js';

/** At most this many bound values per statement (SQLite allows 32,766; PostgreSQL 65,535). */
const MAX_VALUES = 10_000;

const texts = new Map<string, string>();

/**
 * Inserts many rows with one statement per chunk, its SQL written here rather than built by Kysely: on a
 * bulk path (a commute's first materialisation writes millions of rows) building and compiling the
 * query was about 15% of the time (decision 024). The text depends only on the table, the columns, the
 * number of rows (chunkSize) and `suffix`, so it repeats, and SQLite's statement cache (db/database.ts)
 * prepares it once. `suffix` is fixed SQL (ON CONFLICT, RETURNING), never a value. All rows have the same columns.
 */
export async function bulkInsert<R = unknown>(
  db: Executor,
  table: string,
  rows: readonly Record<string, unknown>[],
  suffix = '',
): Promise<R[]> {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!);
  const perChunk = Math.max(1, Math.floor(MAX_VALUES / columns.length));
  const sqlite = !isPostgres(db);
  const out: R[] = [];
  for (let i = 0; i < rows.length;) {
    const size = chunkSize(sqlite, rows.length - i, perChunk);
    const chunk = rows.slice(i, i + size);
    i += size;
    const parameters: unknown[] = [];
    for (const row of chunk) for (const c of columns) parameters.push(row[c] ?? null);
    const sql = statementText(sqlite, table, columns, chunk.length, suffix);
    const result = await db.executeQuery<R>(CompiledQuery.raw(sql, parameters));
    out.push(...result.rows);
  }
  return out;
}

/**
 * On SQLite every chunk is a power of two rows (300 rows: 256, 32, 8, 4), so a table has at most a dozen
 * statement texts, each prepared once: with any count, each batch of a different size compiled a
 * statement of thousands of values (milliseconds, and other statements pushed out of the cache).
 * PostgreSQL does not keep statements (Kysely sends them unnamed): there, fewer round trips win.
 */
function chunkSize(sqlite: boolean, left: number, perChunk: number): number {
  const most = Math.min(left, perChunk);
  return sqlite ? 2 ** Math.floor(Math.log2(most)) : most;
}

function statementText(sqlite: boolean, table: string, columns: string[], count: number, suffix: string) {
  const key = `${sqlite ? 's' : 'p'}|${table}|${columns.join(',')}|${count}|${suffix}`;
  let text = texts.get(key);
  if (text === undefined) {
    let n = 0;
    const tuple = () => `(${columns.map(() => (sqlite ? '?' : `$${++n}`)).join(',')})`;
    const tuples = Array.from({ length: count }, tuple).join(',');
    const names = columns.map((c) => `"${c}"`).join(',');
    text = `insert into "${table}" (${names}) values ${tuples} ${suffix}`;
    // Few shapes recur (full chunks and a remainder each): the map stays small, but is bounded anyway.
    if (texts.size > 200) texts.clear();
    texts.set(key, text);
  }
  return text;
}
