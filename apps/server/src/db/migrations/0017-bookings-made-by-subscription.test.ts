import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.js';
import { insertTwoPlaces, migrationSteps } from '../../test/migration-steps.js';

/** Migration 0017 records which standing booking made a booking, and backfills the open ones it covers. */
const NOW = Date.parse('2026-11-22T04:30:00.000Z');
const HOUR = 3_600_000;

let database: TestDatabase;
let db: Kysely<any>;

const user = (id: string) => ({
  ...{ id, email: `${id}@example.in`, first_name: 'A', last_name: 'B', phone: '9876543210' },
  ...{ location: 'India', password_hash: 'x', email_verified: 1, rating_sum: 0, rating_count: 0 },
  ...{ created_at: NOW, updated_at: NOW },
});
const ride = (id: string, direction: string, date: string) => ({
  ...{ id, driver_id: 'd', from_place_id: 'p1', to_place_id: 'p2', from_name: 'A', to_name: 'B' },
  ...{ departure_date: date, departure_time: '09:00', departure_at: NOW + 24 * HOUR, total_seats: 4 },
  ...{ available_seats: 4, price_per_seat: 100, car_model: 'Swift', car_number: 'KA01', instant_booking: 0 },
  ...{ status: 'ACTIVE', commute_id: 'c', direction, created_at: NOW, updated_at: NOW },
});
const points = (rideId: string, date: string) =>
  ['A', 'M', 'B'].map((name, idx) => ({
    ...{ ride_id: rideId, idx, place_name: name, departure_date: date, departure_time: '09:00' },
    at: NOW + 24 * HOUR + idx * HOUR,
  }));
const booking = (id: string, rideId: string, status: string, stops: [number, number], createdAt: number) => ({
  ...{ id, ride_id: rideId, passenger_id: 'p', seats_booked: 1, total_amount: 100, status },
  ...{ payment_status: 'PENDING', from_stop: stops[0], to_stop: stops[1] },
  ...{ created_at: createdAt, updated_at: createdAt },
});

beforeEach(async () => {
  database = await createTestDatabase({ migrate: false });
  db = database.db as Kysely<any>;
  await migrationSteps(database.db).justBefore('0017-bookings-made-by-subscription');
  await db
    .insertInto('users')
    .values([user('d'), user('p')])
    .execute();
  await insertTwoPlaces(db, NOW);
  await db
    .insertInto('commutes')
    .values({
      ...{ id: 'c', driver_id: 'd', from_place_id: 'p1', to_place_id: 'p2', from_name: 'A', to_name: 'B' },
      ...{ days: 'MON,TUE', departure_time: '09:00', return_time: '18:00', start_date: '2026-11-22' },
      ...{ seats: 4, price_per_seat: 100, car_model: 'Swift', car_number: 'KA01', status: 'ACTIVE' },
      ...{ created_at: NOW, updated_at: NOW },
    })
    .execute();
  const rides = [
    ride('mon-out', 'OUTBOUND', '2026-11-23'),
    ride('mon-back', 'RETURN', '2026-11-23'),
    ride('tue-out', 'OUTBOUND', '2026-11-24'),
    ride('next-mon-out', 'OUTBOUND', '2026-11-30'),
    ride('later-mon-out', 'OUTBOUND', '2026-12-07'),
  ];
  await db.insertInto('rides').values(rides).execute();
  await db
    .insertInto('ride_points')
    .values(rides.flatMap((r) => points(r.id, r.departure_date)))
    .execute();
  // Mondays' mornings from the stop on: [1, 2] of three points.
  await db
    .insertInto('commute_subscriptions')
    .values({
      ...{ id: 's', commute_id: 'c', passenger_id: 'p', seats: 1, days: 'MON', direction: 'OUTBOUND' },
      ...{ from_stop: 1, to_stop: null, created_at: NOW },
    })
    .execute();
  await db
    .insertInto('bookings')
    .values([
      booking('made', 'mon-out', 'CONFIRMED', [1, 2], NOW + 1),
      booking('evening', 'mon-back', 'PENDING', [1, 2], NOW + 1),
      booking('tuesday', 'tue-out', 'PENDING', [1, 2], NOW + 1),
      booking('whole-route', 'next-mon-out', 'PENDING', [0, 2], NOW + 1),
      booking('before', 'later-mon-out', 'PENDING', [1, 2], NOW - 1),
    ])
    .execute();
});
afterEach(() => database.destroy());

describe('migration 0017-bookings-made-by-subscription', () => {
  it('marks the open bookings the standing booking covers as its own, no others; down drops the column', async () => {
    await migrationSteps(database.db).up();
    const rows = await db.selectFrom('bookings').select(['id', 'subscription_id']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'before', subscription_id: null },
      { id: 'evening', subscription_id: null },
      { id: 'made', subscription_id: 's' },
      { id: 'tuesday', subscription_id: null },
      { id: 'whole-route', subscription_id: null },
    ]);
    await migrationSteps(database.db).down();
    const after = await db.selectFrom('bookings').selectAll().where('id', '=', 'made').executeTakeFirst();
    expect(after).not.toHaveProperty('subscription_id');
  });
});
