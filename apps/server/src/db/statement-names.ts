/**
 * The SQL texts of the statements db/prepared.ts compiles once, each with a name. On PostgreSQL a named
 * statement is parsed once per connection and, after a few runs, planned once too (a generic plan),
 * where an unnamed one is parsed and planned on every run: on the booking path that was most of the
 * database's CPU (decision 026). Only these texts are named: there is a fixed number of them, where
 * other statements (lists of varying length) would pile up prepared statements on every connection.
 */
const names = new Map<string, string>();

export function nameStatement(sql: string): void {
  if (!names.has(sql)) names.set(sql, `sc${names.size}`);
}

export const statementName = (sql: string): string | undefined => names.get(sql);
