import type { Kysely } from 'kysely';

/**
 * A retired refresh token keeps, for a short grace window, the pair it was exchanged for, sealed with a
 * key derived from the token itself (features/auth/refresh-grace.ts): a second refresh with the same
 * token (two tabs, a retry) then gets the same pair instead of ending the session. Null when there is
 * none to give: not retired yet, retired before this column, or its successor has been used since.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('refresh_tokens').addColumn('successor', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('refresh_tokens').dropColumn('successor').execute();
}
