import { sql, type Kysely } from 'kysely';

/**
 * Trust and safety (CONTRACT.md section 9, decision 022): the private profile settings, women-only rides,
 * blocks, reports, phone codes, shared trip links, and the outcomes of drivers' rides that reliability is
 * counted from. Every new column has a default, so rows written by an older server stay valid.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('gender', 'text').execute();
  await db.schema
    .alterTable('users')
    .addColumn('phone_verified', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('contact_visibility', 'text', (c) => c.notNull().defaultTo('EVERYONE'))
    .execute();
  await db.schema
    .alterTable('rides')
    .addColumn('women_only', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await blocksAndReports(db);
  await phoneCodes(db);
  await tripShares(db);
  await rideOutcomes(db);
}

async function blocksAndReports(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_blocks')
    .addColumn('blocker_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('blocked_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  // The other direction of the pair, for "has anyone blocked me" (search's NOT EXISTS reads both).
  await db.schema
    .createIndex('user_blocks_blocked')
    .on('user_blocks')
    .columns(['blocked_id', 'blocker_id'])
    .execute();

  await db.schema
    .createTable('user_reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reporter_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('reported_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('details', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('user_reports_reporter')
    .on('user_reports')
    .columns(['reporter_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('user_reports_reported')
    .on('user_reports')
    .columns(['reported_id', 'created_at'])
    .execute();
}

async function phoneCodes(db: Kysely<any>): Promise<void> {
  // One live code per user; a new request replaces it.
  await db.schema
    .createTable('phone_codes')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // Every code sent, for the limits per user and per number (by the injected clock, across processes).
  await db.schema
    .createTable('phone_code_sends')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('phone_code_sends_user')
    .on('phone_code_sends')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('phone_code_sends_phone')
    .on('phone_code_sends')
    .columns(['phone', 'created_at'])
    .execute();
}

async function tripShares(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('trip_shares')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('booking_id', 'text', (c) => c.notNull().references('bookings.id'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trip_shares_booking').on('trip_shares').column('booking_id').execute();
}

/**
 * What became of a driver's rides: COMPLETED, or CANCELLED by the driver while it had bookings. Counted
 * per driver through (driver_id, outcome, at), so a page of search results costs one indexed statement.
 * Rows that already tell it are carried over: completed rides, and cancelled rides whose bookings were
 * cancelled in the same moment (the cascade writes one time to the ride and its bookings).
 */
async function rideOutcomes(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ride_outcomes')
    .addColumn('ride_id', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('driver_id', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ride_outcomes_pk', ['ride_id', 'outcome'])
    .execute();
  await db.schema
    .createIndex('ride_outcomes_driver')
    .on('ride_outcomes')
    .columns(['driver_id', 'outcome', 'at'])
    .execute();
  await sql`insert into ride_outcomes (ride_id, outcome, driver_id, at)
    select id, 'COMPLETED', driver_id, updated_at from rides where status = 'COMPLETED'`.execute(db);
  await sql`insert into ride_outcomes (ride_id, outcome, driver_id, at)
    select r.id, 'CANCELLED', r.driver_id, r.updated_at from rides r
    where r.status = 'CANCELLED' and exists (
      select 1 from bookings b where b.ride_id = r.id and b.status = 'CANCELLED' and b.updated_at = r.updated_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'ride_outcomes',
    'trip_shares',
    'phone_code_sends',
    'phone_codes',
    'user_reports',
    'user_blocks',
  ]) {
    await db.schema.dropTable(t).execute();
  }
  await db.schema.alterTable('rides').dropColumn('women_only').execute();
  for (const c of ['contact_visibility', 'phone_verified', 'gender']) {
    await db.schema.alterTable('users').dropColumn(c).execute();
  }
}
