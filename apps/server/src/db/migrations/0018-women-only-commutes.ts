import type { Kysely } from 'kysely';

/**
 * Commutes gain `women_only` (CONTRACT.md section 9, as rides have it since 0011): a commute a woman
 * driver marks women-only makes women-only rides, and only women may book them or stand on it. Existing
 * commutes stay open to everyone (0), as they were offered.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('commutes')
    .addColumn('women_only', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('commutes').dropColumn('women_only').execute();
}
