import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';
import { inOneTransaction } from './one-transaction.js';

/**
 * The outbox splits by stage so that enqueueing a mail, inside the transaction of every booking, appends
 * one row to the end of one table and writes nothing else (decision 010):
 *
 * - `outbox`: mails not tried yet, keyed by an integer that grows (SQLite's rowid itself, no separate
 *   key index; PostgreSQL's identity), no other index. The worker takes them from the head in key order.
 * - `outbox_retry`: mails whose attempts failed so far, indexed by their next attempt.
 * - `outbox_done`: sent and dead mails, indexed by when they finished, purged after a while.
 * - `mails`: a view over the three, the stage of every mail in one place (support, tests).
 *
 * Every mail of the old table is carried over to the table of its stage, oldest first, leases and all.
 * SQLite runs migrations outside a transaction (Kysely has no transactional DDL there), so this takes
 * one of its own: a failure leaves the old table as it was.
 */
export const up = inOneTransaction(migrateUp);
export const down = inOneTransaction(migrateDown);

const MAIL = ['to_address', 'subject', 'text_body', 'html_body', 'created_at'] as const;
const cols = (names: readonly string[]) => sql.join(names.map((c) => sql.ref(c)));

async function migrateUp(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('outbox').renameTo('outbox_old').execute();
  // PostgreSQL keeps the key's index name with the renamed table; the new outbox's key takes it.
  if (isPostgres(db)) await sql`alter index outbox_pkey rename to outbox_old_pkey`.execute(db);
  await createStageTables(db);
  const oldest = sql`order by created_at, id`;
  await sql`insert into outbox (${cols([...MAIL, 'claimed_by', 'claimed_until'])})
    select ${cols([...MAIL, 'claimed_by', 'claimed_until'])} from outbox_old
    where status = 'pending' and attempts = 0 ${oldest}`.execute(db);
  await sql`insert into outbox_retry (${cols([...MAIL, 'attempts', 'next_attempt_at', 'last_error', 'claimed_by', 'claimed_until'])})
    select ${cols([...MAIL, 'attempts', 'next_attempt_at'])}, coalesce(last_error, ''), claimed_by, claimed_until
    from outbox_old where status = 'pending' and attempts > 0 ${oldest}`.execute(db);
  // A dead mail's old row does not say when it died: its creation stands in, as the old purge used it.
  await sql`insert into outbox_done (${cols([...MAIL, 'status', 'attempts', 'last_error', 'finished_at'])})
    select ${cols([...MAIL, 'status', 'attempts', 'last_error'])}, coalesce(sent_at, created_at)
    from outbox_old where status in ('sent', 'dead') ${oldest}`.execute(db);
  await db.schema.dropTable('outbox_old').execute();
}

async function createStageTables(db: Kysely<any>): Promise<void> {
  const withMail = (name: string) => {
    // SQLite: exactly `integer primary key` makes the column the rowid, so there is no key index to write.
    const table = isPostgres(db)
      ? db.schema
          .createTable(name)
          .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
      : db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey());
    return table
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('text_body', 'text', (c) => c.notNull())
      .addColumn('html_body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull());
  };
  await withMail('outbox').addColumn('claimed_by', 'text').addColumn('claimed_until', 'bigint').execute();
  await withMail('outbox_retry')
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('last_error', 'text', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'bigint')
    .execute();
  await db.schema.createIndex('outbox_retry_due').on('outbox_retry').column('next_attempt_at').execute();
  await withMail('outbox_done')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('finished_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_done_finished').on('outbox_done').column('finished_at').execute();
  const text = sql`cast(null as text)`;
  const instant = sql`cast(null as bigint)`;
  await sql`create view mails as
    select ${cols(['id', ...MAIL])}, 'pending' as status, 0 as attempts, created_at as next_attempt_at,
      claimed_by, claimed_until, ${text} as last_error, ${instant} as sent_at
    from outbox
    union all
    select ${cols(['id', ...MAIL])}, 'pending', attempts, next_attempt_at, claimed_by, claimed_until,
      last_error, ${instant}
    from outbox_retry
    union all
    select ${cols(['id', ...MAIL])}, status, attempts, ${instant}, ${text}, ${instant}, last_error,
      case when status = 'sent' then finished_at end
    from outbox_done`.execute(db);
}

/** The single table of 0001-initial again, every mail in it; ids are new text keys made from the old. */
async function migrateDown(db: Kysely<any>): Promise<void> {
  await sql`drop view mails`.execute(db);
  await db.schema
    .createTable('outbox_old')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  const all = [
    ...MAIL,
    'id',
    'status',
    'attempts',
    'next_attempt_at',
    'claimed_by',
    'claimed_until',
    'last_error',
    'sent_at',
  ];
  const key = (stage: string) => sql`${sql.lit(`${stage}-`)} || cast(id as text)`;
  await sql`insert into outbox_old (${cols(all)})
    select ${cols(MAIL)}, ${key('new')}, 'pending', 0, created_at, claimed_by, claimed_until, null, null
    from outbox`.execute(db);
  await sql`insert into outbox_old (${cols(all)})
    select ${cols(MAIL)}, ${key('retry')}, 'pending', attempts, next_attempt_at, claimed_by, claimed_until,
      last_error, null
    from outbox_retry`.execute(db);
  await sql`insert into outbox_old (${cols(all)})
    select ${cols(MAIL)}, ${key('done')}, status, attempts, 0, null, null, last_error,
      case when status = 'sent' then finished_at end
    from outbox_done`.execute(db);
  for (const t of ['outbox', 'outbox_retry', 'outbox_done']) await db.schema.dropTable(t).execute();
  await db.schema.alterTable('outbox_old').renameTo('outbox').execute();
  if (isPostgres(db)) await sql`alter index outbox_old_pkey rename to outbox_pkey`.execute(db);
  await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
}
