import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.js';
import { insertTwoPlaces, migrationSteps } from '../../test/migration-steps.js';

/** Migration 0012 backfills cancel_reason where the data tells it, and the jobs existing data needs. */
const NOW = Date.parse('2026-11-22T04:30:00.000Z');
const HOUR = 3_600_000;

let database: TestDatabase;
let db: Kysely<any>;

const user = (id: string, deleted = false) => ({
  ...{ id, email: `${id}@example.in`, first_name: 'A', last_name: 'B', phone: '9876543210' },
  ...{ location: 'India', password_hash: 'x', email_verified: 1, rating_sum: 0, rating_count: 0 },
  ...{ deleted_at: deleted ? NOW : null, created_at: NOW, updated_at: NOW },
});
const ride = (id: string, status: string, departureAt: number, deleted = false) => ({
  ...{ id, driver_id: 'd', from_place_id: 'p1', to_place_id: 'p2', from_name: 'A', to_name: 'B' },
  ...{ departure_date: '2026-11-23', departure_time: '09:00', departure_at: departureAt, total_seats: 4 },
  ...{ available_seats: 4, price_per_seat: 100, car_model: 'Swift', car_number: 'KA01', instant_booking: 0 },
  ...{ status, deleted_at: deleted ? NOW : null, created_at: NOW, updated_at: NOW },
});
const booking = (id: string, rideId: string, passengerId: string, status: string, createdAt = NOW) => ({
  ...{ id, ride_id: rideId, passenger_id: passengerId, seats_booked: 1, total_amount: 100, status },
  ...{ payment_status: 'PENDING', created_at: createdAt, updated_at: createdAt },
});

beforeEach(async () => {
  database = await createTestDatabase({ migrate: false });
  db = database.db as Kysely<any>;
  await migrationSteps(database.db).justBefore('0012-commuter-mode');
  await db
    .insertInto('users')
    .values([user('d'), user('p'), user('q'), user('gone', true)])
    .execute();
  await insertTwoPlaces(db, NOW);
  await db
    .insertInto('rides')
    .values([
      ride('r1', 'ACTIVE', NOW + 20 * HOUR),
      ride('r2', 'CANCELLED', NOW + 20 * HOUR),
      ride('r3', 'ACTIVE', NOW - HOUR),
    ])
    .execute();
  await db
    .insertInto('bookings')
    .values([
      booking('b1', 'r1', 'p', 'PENDING'),
      booking('b2', 'r2', 'p', 'CANCELLED'),
      booking('b3', 'r1', 'gone', 'CANCELLED'),
      booking('b4', 'r1', 'd', 'CANCELLED'),
      booking('b5', 'r1', 'q', 'CONFIRMED'),
      booking('b6', 'r2', 'q', 'CANCELLED'),
    ])
    .execute();
});
afterEach(() => database.destroy());

describe('migration 0012-commuter-mode', () => {
  it('backfills cancel reasons it can tell, and the expiry and reminder jobs of what is open', async () => {
    await migrationSteps(database.db).to('0012-commuter-mode');
    const reasons = await db.selectFrom('bookings').select(['id', 'cancel_reason']).orderBy('id').execute();
    expect(reasons).toEqual([
      { id: 'b1', cancel_reason: null },
      { id: 'b2', cancel_reason: 'RIDE_CANCELLED' },
      { id: 'b3', cancel_reason: 'ACCOUNT_DELETED' },
      { id: 'b4', cancel_reason: null },
      { id: 'b5', cancel_reason: null },
      { id: 'b6', cancel_reason: 'RIDE_CANCELLED' },
    ]);
    const jobs = await db.selectFrom('jobs').select(['key', 'due_at']).orderBy('key').execute();
    expect(jobs.map((j) => ({ key: j.key, due_at: Number(j.due_at) }))).toEqual([
      { key: 'expire-booking:b1', due_at: NOW + 12 * HOUR },
      { key: 'remind-ride:r1', due_at: NOW + 19 * HOUR },
    ]);
    await migrationSteps(database.db).down();
    expect(
      await db.selectFrom('bookings').selectAll().where('id', '=', 'b1').executeTakeFirst(),
    ).not.toHaveProperty('cancel_reason');
  });
});
