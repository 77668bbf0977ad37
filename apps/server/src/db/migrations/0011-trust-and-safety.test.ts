import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.js';
import { migrationSteps } from '../../test/migration-steps.js';

/**
 * Migration 0011 gives existing users and rides the defaults of section 9, and fills ride_outcomes from the
 * rows that already tell what became of a ride, so drivers' stats do not start from zero.
 */
const NOW = Date.parse('2026-11-22T04:30:00.000Z');

let database: TestDatabase;
let db: Kysely<any>;

const user = (id: string) => ({
  id,
  email: `${id}@example.in`,
  first_name: 'A',
  last_name: 'B',
  phone: '9876543210',
  location: 'India',
  password_hash: 'x',
  email_verified: 1,
  rating_sum: 0,
  rating_count: 0,
  created_at: NOW,
  updated_at: NOW,
});

const ride = (id: string, status: string, updatedAt: number) => ({
  id,
  driver_id: 'd1',
  from_place_id: 'place-a',
  to_place_id: 'place-b',
  from_name: 'Pune',
  to_name: 'Mumbai',
  departure_date: '2026-11-20',
  departure_time: '09:00',
  departure_at: NOW - 2 * 86_400_000,
  total_seats: 3,
  available_seats: 3,
  price_per_seat: 300,
  car_model: 'Swift',
  car_number: 'MH12',
  instant_booking: 0,
  status,
  created_at: NOW - 5 * 86_400_000,
  updated_at: updatedAt,
});

const booking = (id: string, rideId: string, status: string, updatedAt: number) => ({
  id,
  ride_id: rideId,
  passenger_id: 'p1',
  seats_booked: 1,
  total_amount: 300,
  status,
  payment_status: 'PENDING',
  created_at: NOW - 4 * 86_400_000,
  updated_at: updatedAt,
});

beforeEach(async () => {
  database = await createTestDatabase({ migrate: false });
  db = database.db as Kysely<any>;
  await migrationSteps(database.db).justBefore('0011-trust-and-safety');
  await db
    .insertInto('users')
    .values([user('d1'), user('p1')])
    .execute();
  for (const [id, name] of [
    ['place-a', 'Testpur A'],
    ['place-b', 'Testpur B'],
  ] as const) {
    await db
      .insertInto('places')
      .values({ id, name, norm: name.toLowerCase(), builtin: 1, ride_count: 0, created_at: NOW })
      .execute();
  }
  const t = NOW - 3 * 86_400_000;
  await db
    .insertInto('rides')
    .values([
      ride('done', 'COMPLETED', t),
      ride('cancelled-booked', 'CANCELLED', t),
      ride('cancelled-empty', 'CANCELLED', t),
      ride('cancelled-after-passenger-left', 'CANCELLED', t),
    ])
    .execute();
  await db
    .insertInto('bookings')
    .values([
      booking('b1', 'done', 'COMPLETED', t),
      booking('b2', 'cancelled-booked', 'CANCELLED', t),
      // The passenger cancelled a day before the driver cancelled the ride: not the driver's doing.
      booking('b3', 'cancelled-after-passenger-left', 'CANCELLED', t - 86_400_000),
    ])
    .execute();
});
afterEach(() => database.destroy());

describe('migration 0011-trust-and-safety', () => {
  it('gives users and rides the defaults and carries completed and driver-cancelled rides into ride_outcomes', async () => {
    await migrationSteps(database.db).up();
    expect(
      await db
        .selectFrom('users')
        .select(['id', 'gender', 'phone_verified', 'contact_visibility'])
        .orderBy('id')
        .execute(),
    ).toEqual([
      { id: 'd1', gender: null, phone_verified: 0, contact_visibility: 'EVERYONE' },
      { id: 'p1', gender: null, phone_verified: 0, contact_visibility: 'EVERYONE' },
    ]);
    expect(
      (await db.selectFrom('rides').select('women_only').distinct().execute()).map((r) => r.women_only),
    ).toEqual([0]);
    const outcomes = await db
      .selectFrom('ride_outcomes')
      .select(['ride_id', 'outcome', 'driver_id'])
      .orderBy('ride_id')
      .execute();
    expect(outcomes).toEqual([
      { ride_id: 'cancelled-booked', outcome: 'CANCELLED', driver_id: 'd1' },
      { ride_id: 'done', outcome: 'COMPLETED', driver_id: 'd1' },
    ]);
  });

  it('goes down again, leaving the tables as the migration before it made them', async () => {
    await migrationSteps(database.db).up();
    await migrationSteps(database.db).down();
    const columns = Object.keys(
      (await db.selectFrom('users').selectAll().executeTakeFirstOrThrow()) as object,
    );
    expect(columns).not.toContain('gender');
    await expect(db.selectFrom('ride_outcomes').selectAll().execute()).rejects.toThrow();
    await migrationSteps(database.db).up();
  });
});
