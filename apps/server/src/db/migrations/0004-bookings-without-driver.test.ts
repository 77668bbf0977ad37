import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isOneOpenBookingViolation } from '../../features/bookings/bookings.repo.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test/test-db.js';
import { migrationSteps } from '../../test/migration-steps.js';

/**
 * Migration 0004 drops bookings.driver_id (a copy of rides.driver_id), its index and its foreign key.
 * On SQLite that is a rebuild of the table, so these check it keeps every row and everything else
 * bookings had, and that going down puts the column back from the rides.
 */
const NOW = Date.parse('2026-11-22T04:30:00.000Z');
const BOOKING_COLUMNS = [
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

let database: TestDatabase;
// The schema of another time: bookings as migration 0003 left it.
let db: Kysely<any>;

beforeEach(async () => {
  database = await createTestDatabase({ migrate: false });
  db = database.db as Kysely<any>;
  await migrationSteps(database.db).to('0003-rides-price-order');
  await seedAt0003();
});
afterEach(() => database.destroy());

const up = () => migrationSteps(database.db).up();
const down = () => migrationSteps(database.db).down();

async function seedAt0003() {
  const user = (id: string) => ({
    id,
    email: `${id}@example.in`,
    first_name: id,
    last_name: 'User',
    phone: '9800000000',
    location: 'India',
    password_hash: 'x',
    created_at: NOW,
    updated_at: NOW,
  });
  await db.insertInto('users').values(['driver-a', 'driver-b', 'rider-1', 'rider-2'].map(user)).execute();
  const place = await db.selectFrom('places').select(['id', 'name']).executeTakeFirstOrThrow();
  const ride = (id: string, driver: string) => ({
    id,
    driver_id: driver,
    from_place_id: place.id,
    to_place_id: place.id,
    from_name: place.name,
    to_name: place.name,
    departure_date: '2026-11-23',
    departure_time: '09:00',
    departure_at: NOW + 86_400_000,
    total_seats: 4,
    available_seats: 1,
    price_per_seat: 300,
    car_model: 'Swift',
    car_number: 'KA01AB1234',
    instant_booking: 0,
    status: 'ACTIVE',
    created_at: NOW,
    updated_at: NOW,
  });
  await db
    .insertInto('rides')
    .values([ride('ride-a', 'driver-a'), ride('ride-b', 'driver-b')])
    .execute();
  const booking = (
    id: string,
    rideId: string,
    driver: string,
    passenger: string,
    status: string,
    at: number,
  ) => ({
    id,
    ride_id: rideId,
    passenger_id: passenger,
    driver_id: driver,
    seats_booked: 1,
    total_amount: 300,
    status,
    payment_status: status === 'COMPLETED' ? 'COMPLETED' : 'PENDING',
    pickup_location: status === 'CONFIRMED' ? 'Silk Board' : null,
    drop_location: null,
    created_at: at,
    updated_at: at + 1,
  });
  await db
    .insertInto('bookings')
    .values([
      booking('bk-cancelled', 'ride-a', 'driver-a', 'rider-1', 'CANCELLED', NOW - 3_000),
      booking('bk-open', 'ride-a', 'driver-a', 'rider-2', 'CONFIRMED', NOW - 2_000),
      booking('bk-pending', 'ride-b', 'driver-b', 'rider-1', 'PENDING', NOW - 1_000),
      booking('bk-done', 'ride-b', 'driver-b', 'rider-2', 'COMPLETED', NOW - 500),
    ])
    .execute();
}

const bookingRows = () =>
  db
    .selectFrom('bookings')
    .select([...BOOKING_COLUMNS])
    .orderBy('id')
    .execute();

async function bookingColumns(): Promise<string[]> {
  const tables = await db.introspection.getTables();
  return tables.find((t) => t.name === 'bookings')!.columns.map((c) => c.name);
}

/** bookings' indexes by name, each with its definition as the database states it. */
async function bookingIndexes(): Promise<Record<string, string>> {
  const { rows } =
    testDatabaseKind === 'postgres'
      ? await sql<{ name: string; definition: string }>`
          select indexname as name, indexdef as definition from pg_indexes where tablename = 'bookings'`.execute(
          db,
        )
      : await sql<{ name: string; definition: string | null }>`
          select name, coalesce(sql, 'automatic') as definition from sqlite_schema
          where type = 'index' and tbl_name = 'bookings'`.execute(db);
  return Object.fromEntries(rows.map((r) => [r.name, r.definition ?? 'automatic']));
}

async function bookingForeignKeys(): Promise<string[]> {
  const { rows } =
    testDatabaseKind === 'postgres'
      ? await sql<{ fk: string }>`
          select a.attname || ' -> ' || c.confrelid::regclass::text as fk
          from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
          where c.conrelid = 'bookings'::regclass and c.contype = 'f'`.execute(db)
      : await sql<{
          fk: string;
        }>`select "from" || ' -> ' || "table" as fk from pragma_foreign_key_list('bookings')`.execute(db);
  return rows.map((r) => r.fk).sort();
}

const insertOpen = (id: string, rideId: string, passenger: string) =>
  db
    .insertInto('bookings')
    .values({
      id,
      ride_id: rideId,
      passenger_id: passenger,
      seats_booked: 1,
      total_amount: 300,
      status: 'PENDING',
      payment_status: 'PENDING',
      created_at: NOW,
      updated_at: NOW,
    })
    .execute();

describe(`migration 0004: bookings without driver_id (${testDatabaseKind})`, () => {
  it('keeps every booking with all its other fields, and drops the column, its index and its foreign key', async () => {
    const before = await bookingRows();
    const indexesBefore = await bookingIndexes();
    expect(await bookingColumns()).toContain('driver_id');
    expect(await bookingForeignKeys()).toEqual([
      'driver_id -> users',
      'passenger_id -> users',
      'ride_id -> rides',
    ]);

    await up();

    expect(await bookingRows()).toEqual(before);
    expect(before).toHaveLength(4);
    expect(await bookingColumns()).toEqual([...BOOKING_COLUMNS]);
    expect(await bookingForeignKeys()).toEqual(['passenger_id -> users', 'ride_id -> rides']);
    const { bookings_driver: dropped, ...kept } = indexesBefore;
    expect(dropped).toBeDefined();
    // The other indexes, the primary key's and the partial unique one included, are exactly as they were.
    expect(await bookingIndexes()).toEqual(kept);
  });

  it('still refuses a second open booking of a passenger on a ride, and allows one after a cancelled booking', async () => {
    await up();
    const refused = await insertOpen('bk-again', 'ride-a', 'rider-2').catch((e: unknown) => e);
    expect(isOneOpenBookingViolation(refused)).toBe(true);
    const alsoRefused = await insertOpen('bk-again', 'ride-b', 'rider-1').catch((e: unknown) => e);
    expect(isOneOpenBookingViolation(alsoRefused)).toBe(true);
    // rider-1's booking on ride-a was cancelled: a new one is allowed.
    await insertOpen('bk-rebooked', 'ride-a', 'rider-1');
    expect((await bookingRows()).map((b) => b.id)).toContain('bk-rebooked');
  });

  it('still refuses a booking on a ride that does not exist', async () => {
    await up();
    await expect(insertOpen('bk-nowhere', 'no-such-ride', 'rider-1')).rejects.toThrow(/foreign key/i);
  });

  it("going down puts driver_id back, filled from each booking's ride, with its index and foreign key", async () => {
    const before = await db.selectFrom('bookings').selectAll().orderBy('id').execute();
    const indexesBefore = await bookingIndexes();
    await up();
    await down();

    expect(await db.selectFrom('bookings').selectAll().orderBy('id').execute()).toEqual(before);
    expect(await bookingIndexes()).toEqual(indexesBefore);
    expect(await bookingForeignKeys()).toEqual([
      'driver_id -> users',
      'passenger_id -> users',
      'ride_id -> rides',
    ]);
    const wrong = await db
      .selectFrom('bookings as b')
      .innerJoin('rides as r', 'r.id', 'b.ride_id')
      .select('b.id')
      .whereRef('b.driver_id', '!=', 'r.driver_id')
      .execute();
    expect(wrong).toEqual([]);
    // A booking made while the column was gone gets its driver too, and up again works.
    await up();
    await insertOpen('bk-new', 'ride-a', 'rider-1');
    await down();
    const made = await db
      .selectFrom('bookings')
      .select('driver_id')
      .where('id', '=', 'bk-new')
      .executeTakeFirstOrThrow();
    expect(made.driver_id).toBe('driver-a');
    await up();
    expect(await bookingColumns()).toEqual([...BOOKING_COLUMNS]);
  });

  it.runIf(testDatabaseKind === 'sqlite')(
    'on SQLite, rebuilds the table as the same statement without the column, and keeps its statistics',
    async () => {
      const tableSql = async () =>
        (
          await sql<{
            sql: string;
          }>`select sql from sqlite_schema where type = 'table' and name = 'bookings'`.execute(db)
        ).rows[0]!.sql;
      const stats = async () =>
        (
          await sql<{
            idx: string;
            stat: string;
          }>`select idx, stat from sqlite_stat1 where tbl = 'bookings' order by idx`.execute(db)
        ).rows;
      const original = await tableSql();
      await sql`analyze`.execute(db);
      const analyzed = await stats();
      expect(analyzed.map((s) => s.idx)).toContain('bookings_driver');

      await up();

      expect(await tableSql()).toBe(
        original.replace(', "driver_id" text not null references "users" ("id")', ''),
      );
      expect(await tableSql()).not.toBe(original);
      expect(await stats()).toEqual(analyzed.filter((s) => s.idx !== 'bookings_driver'));
      const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
      expect(check.rows).toEqual([{ integrity_check: 'ok' }]);

      await down();
      expect(await tableSql()).toBe(original);
    },
  );
});
