import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * bookings no longer keeps a copy of its ride's driver: readers join rides (rides_driver serves "the
 * bookings on a driver's rides"). Each booking INSERT then writes four index entries instead of five
 * (bookings_driver goes) and makes two foreign-key lookups instead of three.
 *
 * PostgreSQL drops the index and the column (its foreign key goes with it). SQLite cannot drop a
 * column that has a foreign key or an index, so there the table is rebuilt as SQLite documents it
 * (sqlite.org/lang_altertable.html#otheralter): a new table, the rows copied, the old table dropped,
 * the new one renamed, bookings' other indexes created again. Nothing references bookings, so this is
 * safe with foreign keys on; SQLite runs migrations outside a transaction (Kysely has no transactional
 * DDL there), so the rebuild takes one of its own and a failure leaves the old table as it was.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.dropIndex('bookings_driver').execute();
    await db.schema.alterTable('bookings').dropColumn('driver_id').execute();
    return;
  }
  await db.transaction().execute(async (trx) => {
    await createBookingsTable(trx, 'bookings_new', false);
    await sql`insert into bookings_new (${sql.join(COLUMNS.map((c) => sql.ref(c)))})
      select ${sql.join(COLUMNS.map((c) => sql.ref(c)))} from bookings`.execute(trx);
    await replaceBookings(trx, false);
  });
}

/** Puts the column back, filled from each booking's ride, with its foreign key and index. */
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema
      .alterTable('bookings')
      .addColumn('driver_id', 'text', (c) => c.references('users.id'))
      .execute();
    await sql`update bookings set driver_id = rides.driver_id from rides where rides.id = bookings.ride_id`.execute(
      db,
    );
    await sql`alter table bookings alter column driver_id set not null`.execute(db);
    await createDriverIndex(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    await createBookingsTable(trx, 'bookings_new', true);
    const columns = [...COLUMNS.slice(0, 3), 'driver_id', ...COLUMNS.slice(3)];
    // A subquery rather than a join: a booking whose ride were missing would fail NOT NULL, not vanish.
    const driverOf = sql`(select r.driver_id from rides as r where r.id = b.ride_id)`;
    await sql`insert into bookings_new (${sql.join(columns.map((c) => sql.ref(c)))})
      select ${sql.join(columns.map((c) => (c === 'driver_id' ? driverOf : sql.ref(`b.${c}`))))}
      from bookings as b`.execute(trx);
    await replaceBookings(trx, true);
  });
}

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** bookings' columns other than driver_id, in their order. */
const COLUMNS = [
  'id',
  'ride_id',
  'passenger_id',
  'seats_booked',
  'total_amount',
  'status',
  'payment_status',
  'pickup_location',
  'drop_location',
  'created_at',
  'updated_at',
] as const;

/** The table exactly as 0001-initial creates it, with or without driver_id (in its old place). */
async function createBookingsTable(db: Kysely<any>, name: string, withDriver: boolean): Promise<void> {
  let table = db.schema
    .createTable(name)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ride_id', 'text', (c) => c.notNull().references('rides.id'))
    .addColumn('passenger_id', 'text', (c) => c.notNull().references('users.id'));
  if (withDriver) table = table.addColumn('driver_id', 'text', (c) => c.notNull().references('users.id'));
  await table
    .addColumn('seats_booked', 'integer', (c) => c.notNull())
    .addColumn('total_amount', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_status', 'text', (c) => c.notNull())
    .addColumn('pickup_location', 'text')
    .addColumn('drop_location', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

/**
 * SQLite: the copy becomes bookings, and gets bookings' indexes as 0001-initial defines them. Dropping
 * the old table drops its statistics too (sqlite_stat1, from ANALYZE): they are put back for the
 * indexes that stay, which hold the same rows, so the planner keeps what it knew of bookings.
 */
async function replaceBookings(db: Kysely<any>, withDriver: boolean): Promise<void> {
  type Stat = { idx: string | null; stat: string };
  const stats = (await hasTable(db, 'sqlite_stat1'))
    ? (await sql<Stat>`select idx, stat from sqlite_stat1 where tbl = 'bookings'`.execute(db)).rows
    : [];
  await db.schema.dropTable('bookings').execute();
  await db.schema.alterTable('bookings_new').renameTo('bookings').execute();
  await db.schema.createIndex('bookings_ride').on('bookings').columns(['ride_id', 'status']).execute();
  await db.schema
    .createIndex('bookings_passenger')
    .on('bookings')
    .columns(['passenger_id', 'created_at'])
    .execute();
  if (withDriver) await createDriverIndex(db);
  await db.schema
    .createIndex('bookings_one_open')
    .on('bookings')
    .columns(['ride_id', 'passenger_id'])
    .unique()
    .where(sql<boolean>`status in ('PENDING', 'CONFIRMED')`)
    .execute();
  const kept = stats.filter((s) => withDriver || s.idx !== 'bookings_driver');
  for (const s of kept)
    await sql`insert into sqlite_stat1 (tbl, idx, stat) values ('bookings', ${s.idx}, ${s.stat})`.execute(db);
  // Makes SQLite load the statistics again (as db/database.ts does after dropping stat4's samples).
  if (kept.length > 0) await sql`analyze sqlite_schema`.execute(db);
  // With foreign keys on (as the server opens SQLite) each copied row was checked as it went in; on a
  // connection with them off, a rebuild that broke a reference would otherwise commit silently.
  const broken = await sql`pragma foreign_key_check(bookings)`.execute(db);
  if (broken.rows.length > 0)
    throw new Error(`bookings rebuild: ${broken.rows.length} rows break a foreign key`);
}

async function hasTable(db: Kysely<any>, name: string): Promise<boolean> {
  const { rows } = await sql`select 1 from sqlite_schema where type = 'table' and name = ${name}`.execute(db);
  return rows.length > 0;
}

async function createDriverIndex(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('bookings_driver')
    .on('bookings')
    .columns(['driver_id', 'created_at'])
    .execute();
}
