import { sql, type Kysely } from 'kysely';
import { inOneTransaction } from './one-transaction.js';

/**
 * Commuter mode (CONTRACT.md section 8, decision 024):
 *
 * - `jobs`: durable background work with a due time and a lease, one row per unique key (so enqueuing
 *   twice is harmless); done rows are kept, so a key is never run twice.
 * - `commutes` and `commute_subscriptions`; rides gain `commute_id` and `direction`, with one ride per
 *   commute, direction and date (unique), so two processes materialising at once never duplicate one.
 * - bookings gain `cancel_reason`. Cancelled bookings already stored get one where it can be told from the
 *   data (a cancelled or deleted ride: RIDE_CANCELLED; a deleted passenger: ACCOUNT_DELETED); the rest stay
 *   null (a passenger's cancel and a driver's reject looked the same before).
 * - The jobs that existing data needs: expiry of PENDING bookings, a reminder for every ride ahead with a
 *   confirmed passenger.
 */
export const up = inOneTransaction(migrateUp);
export const down = inOneTransaction(migrateDown);

const HOUR = 3_600_000;

async function migrateUp(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'bigint')
    .addColumn('done_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // Only open jobs are looked for by due time; done ones are kept for their key, off this index.
  await db.schema
    .createIndex('jobs_due')
    .on('jobs')
    .column('due_at')
    .where(sql.ref('done_at'), 'is', null)
    .execute();
  await commutes(db);
  await db.schema.alterTable('bookings').addColumn('cancel_reason', 'text').execute();
  await sql`update bookings set cancel_reason = 'RIDE_CANCELLED'
    where status = 'CANCELLED' and ride_id in
      (select id from rides where status = 'CANCELLED' or deleted_at is not null)`.execute(db);
  await sql`update bookings set cancel_reason = 'ACCOUNT_DELETED'
    where status = 'CANCELLED' and cancel_reason is null and passenger_id in
      (select id from users where deleted_at is not null)`.execute(db);
  await backfillJobs(db);
}

/** Commutes, their standing bookings, and the rides' link to them. */
async function commutes(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('commutes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('driver_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('from_place_id', 'text', (c) => c.notNull().references('places.id'))
    .addColumn('to_place_id', 'text', (c) => c.notNull().references('places.id'))
    .addColumn('from_name', 'text', (c) => c.notNull())
    .addColumn('to_name', 'text', (c) => c.notNull())
    .addColumn('stops', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('days', 'text', (c) => c.notNull())
    .addColumn('departure_time', 'text', (c) => c.notNull())
    .addColumn('return_time', 'text')
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text')
    .addColumn('seats', 'integer', (c) => c.notNull())
    .addColumn('price_per_seat', 'integer', (c) => c.notNull())
    .addColumn('car_model', 'text', (c) => c.notNull())
    .addColumn('car_number', 'text', (c) => c.notNull())
    .addColumn('additional_info', 'text')
    .addColumn('instant_booking', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('commutes_driver')
    .on('commutes')
    .columns(['driver_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('commute_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('commute_id', 'text', (c) => c.notNull().references('commutes.id'))
    .addColumn('passenger_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('seats', 'integer', (c) => c.notNull())
    .addColumn('days', 'text')
    .addColumn('direction', 'text')
    .addColumn('from_stop', 'integer')
    .addColumn('to_stop', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('commute_subscriptions_one')
    .on('commute_subscriptions')
    .columns(['commute_id', 'passenger_id'])
    .unique()
    .execute();

  await db.schema.alterTable('rides').addColumn('commute_id', 'text').execute();
  await db.schema.alterTable('rides').addColumn('direction', 'text').execute();
  // Partial: rides offered one by one (commute_id null) pay nothing for it.
  await db.schema
    .createIndex('rides_commute_day')
    .on('rides')
    .columns(['commute_id', 'direction', 'departure_date'])
    .unique()
    .where(sql.ref('commute_id'), 'is not', null)
    .execute();
}

/** Jobs for the data already there: expiry of every PENDING booking, a reminder for every ride ahead with someone confirmed on it. */
async function backfillJobs(db: Kysely<any>): Promise<void> {
  const createdAt = sql`(select coalesce(max(created_at), 0) from rides)`;
  await sql`insert into jobs (key, kind, subject_id, due_at, created_at)
    select 'expire-booking:' || b.id, 'expire-booking', b.id,
      case when b.created_at + ${12 * HOUR} < r.departure_at - ${HOUR}
        then b.created_at + ${12 * HOUR} else r.departure_at - ${HOUR} end,
      ${createdAt}
    from bookings b join rides r on r.id = b.ride_id
    where b.status = 'PENDING'`.execute(db);
  await sql`insert into jobs (key, kind, subject_id, due_at, created_at)
    select 'remind-ride:' || r.id, 'remind-ride', r.id, r.departure_at - ${HOUR}, ${createdAt}
    from rides r
    where r.status = 'ACTIVE' and r.deleted_at is null
      and r.departure_at > ${createdAt}
      and exists (select 1 from bookings b where b.ride_id = r.id and b.status = 'CONFIRMED')`.execute(db);
}

async function migrateDown(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bookings').dropColumn('cancel_reason').execute();
  await db.schema.dropIndex('rides_commute_day').execute();
  await db.schema.alterTable('rides').dropColumn('direction').execute();
  await db.schema.alterTable('rides').dropColumn('commute_id').execute();
  await db.schema.dropTable('commute_subscriptions').execute();
  await db.schema.dropTable('commutes').execute();
  await db.schema.dropTable('jobs').execute();
}
