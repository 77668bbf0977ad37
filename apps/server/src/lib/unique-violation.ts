/**
 * Whether the database refused a row because of the given unique index. PostgreSQL names the index
 * (code 23505); SQLite names only its columns ("UNIQUE constraint failed: bookings.ride_id, …"), so a
 * caller gives both.
 */
export function isUniqueViolation(error: unknown, index: { name: string; columns: string }): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code === '23505') return e.constraint === index.name;
  return (
    typeof e?.code === 'string' &&
    e.code.startsWith('SQLITE_CONSTRAINT') &&
    (e.message ?? '').includes(`UNIQUE constraint failed: ${index.columns}`)
  );
}
