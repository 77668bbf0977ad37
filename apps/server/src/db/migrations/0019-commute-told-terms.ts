import type { Kysely } from 'kysely';

/**
 * Commutes gain `told_terms`: what their standing passengers were last told of the commute's terms (JSON:
 * `{ at, terms }`, commutes/commute-change-mail.ts), kept from a driver's first edit until the change
 * notice goes out a few minutes after the last one; null while the passengers know the terms as they are.
 * So a burst of edits is one mail, and an edit undone in time is none. Existing commutes: null.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('commutes').addColumn('told_terms', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('commutes').dropColumn('told_terms').execute();
}
