import type { Kysely } from 'kysely';

/**
 * The networks each account signed in from lately, as keyed hashes (features/auth/sign-in-ips.repo.ts):
 * when a distributed attack reaches the ceiling of failed sign-ins for an address, only networks the
 * account has never signed in from are held, so the owner keeps signing in (decision 015).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_in_ips')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('ip_key', 'text', (c) => c.notNull())
    .addColumn('last_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_ips_pk', ['user_id', 'ip_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_ips').execute();
}
