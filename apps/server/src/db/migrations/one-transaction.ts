import type { Kysely } from 'kysely';
import { isPostgres } from '../database.js';

/**
 * A migration's step as one transaction. Kysely's migrator already runs each step in one on PostgreSQL,
 * whose DDL is transactional; on SQLite it does not, so the step opens its own there.
 */
export function inOneTransaction(step: (db: Kysely<any>) => Promise<void>) {
  return async (db: Kysely<any>): Promise<void> => {
    if (isPostgres(db)) return await step(db);
    await db.transaction().execute(step);
  };
}
