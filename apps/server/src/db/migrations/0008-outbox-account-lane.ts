import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';
import { inOneTransaction } from './one-transaction.js';

/**
 * Account mails (verification, reset, security notices) get a lane of their own, so a backlog of booking
 * mails never holds them back (decision 016):
 *
 * - `outbox_account`: account mails not tried yet, shaped like `outbox`. A booking's enqueue still
 *   appends to `outbox` alone and writes nothing more (decision 010).
 * - `outbox_retry` and `outbox_done` gain `lane`; the retry index leads with it, so each lane claims its
 *   own due retries through the index.
 * - `mails` shows the new table and every mail's lane.
 *
 * Mails already queued stay where they are: they are sent in the notification lane, as they would have been.
 */
export const up = inOneTransaction(migrateUp);
export const down = inOneTransaction(migrateDown);

const MAIL = ['id', 'to_address', 'subject', 'text_body', 'html_body', 'created_at'] as const;
const cols = (names: readonly string[]) => sql.join(names.map((c) => sql.ref(c)));

async function migrateUp(db: Kysely<any>): Promise<void> {
  // SQLite: exactly `integer primary key` makes the column the rowid, so there is no key index to write.
  const table = isPostgres(db)
    ? db.schema
        .createTable('outbox_account')
        .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    : db.schema.createTable('outbox_account').addColumn('id', 'integer', (c) => c.primaryKey());
  await table
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'bigint')
    .execute();
  for (const t of ['outbox_retry', 'outbox_done']) {
    await db.schema
      .alterTable(t)
      .addColumn('lane', 'text', (c) => c.notNull().defaultTo('notification'))
      .execute();
  }
  await db.schema.dropIndex('outbox_retry_due').execute();
  await db.schema
    .createIndex('outbox_retry_due')
    .on('outbox_retry')
    .columns(['lane', 'next_attempt_at'])
    .execute();
  await sql`drop view mails`.execute(db);
  const text = sql`cast(null as text)`;
  const instant = sql`cast(null as bigint)`;
  const fresh = (table: string, lane: string) => sql`
    select ${cols(MAIL)}, ${sql.lit(lane)} as lane, 'pending' as status, 0 as attempts,
      created_at as next_attempt_at, claimed_by, claimed_until, ${text} as last_error, ${instant} as sent_at
    from ${sql.table(table)}`;
  await sql`create view mails as
    ${fresh('outbox', 'notification')}
    union all
    ${fresh('outbox_account', 'account')}
    union all
    select ${cols(MAIL)}, lane, 'pending', attempts, next_attempt_at, claimed_by, claimed_until,
      last_error, ${instant}
    from outbox_retry
    union all
    select ${cols(MAIL)}, lane, status, attempts, ${instant}, ${text}, ${instant}, last_error,
      case when status = 'sent' then finished_at end
    from outbox_done`.execute(db);
}

/** Back to one lane: unsent account mails join the end of the queue; the view is 0005's again. */
async function migrateDown(db: Kysely<any>): Promise<void> {
  await sql`drop view mails`.execute(db);
  const moved = MAIL.filter((c) => c !== 'id');
  await sql`insert into outbox (${cols([...moved, 'claimed_by', 'claimed_until'])})
    select ${cols([...moved, 'claimed_by', 'claimed_until'])} from outbox_account order by id`.execute(db);
  await db.schema.dropTable('outbox_account').execute();
  await db.schema.dropIndex('outbox_retry_due').execute();
  for (const t of ['outbox_retry', 'outbox_done']) {
    await db.schema.alterTable(t).dropColumn('lane').execute();
  }
  await db.schema.createIndex('outbox_retry_due').on('outbox_retry').column('next_attempt_at').execute();
  const text = sql`cast(null as text)`;
  const instant = sql`cast(null as bigint)`;
  await sql`create view mails as
    select ${cols(MAIL)}, 'pending' as status, 0 as attempts, created_at as next_attempt_at,
      claimed_by, claimed_until, ${text} as last_error, ${instant} as sent_at
    from outbox
    union all
    select ${cols(MAIL)}, 'pending', attempts, next_attempt_at, claimed_by, claimed_until,
      last_error, ${instant}
    from outbox_retry
    union all
    select ${cols(MAIL)}, status, attempts, ${instant}, ${text}, ${instant}, last_error,
      case when status = 'sent' then finished_at end
    from outbox_done`.execute(db);
}
