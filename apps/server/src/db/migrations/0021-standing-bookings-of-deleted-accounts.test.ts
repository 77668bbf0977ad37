import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.js';
import { insertTwoPlaces, migrationSteps } from '../../test/migration-steps.js';

/** Migration 0021 removes the standing bookings that accounts deleted before the fixes left behind. */
const NOW = Date.parse('2026-11-22T04:30:00.000Z');
const MIGRATION = '0021-standing-bookings-of-deleted-accounts';

let database: TestDatabase;
let db: Kysely<any>;

const user = (id: string, deletedAt: number | null) => ({
  ...{ id, email: `${id}@example.in`, first_name: 'A', last_name: 'B', phone: '9876543210' },
  ...{ location: 'India', password_hash: 'x', email_verified: 1, rating_sum: 0, rating_count: 0 },
  ...{ created_at: NOW, updated_at: NOW, deleted_at: deletedAt },
});
const commute = (id: string, driverId: string, status: string) => ({
  ...{ id, driver_id: driverId, from_place_id: 'p1', to_place_id: 'p2', from_name: 'A', to_name: 'B' },
  ...{ days: 'MON,TUE', departure_time: '09:00', return_time: null, start_date: '2026-11-22' },
  ...{ seats: 4, price_per_seat: 100, car_model: 'Swift', car_number: 'KA01', status },
  ...{ created_at: NOW, updated_at: NOW },
});
const standing = (id: string, commuteId: string, passengerId: string) => ({
  ...{ id, commute_id: commuteId, passenger_id: passengerId, seats: 1, days: null, direction: null },
  ...{ from_stop: null, to_stop: null, created_at: NOW },
});

beforeEach(async () => {
  database = await createTestDatabase({ migrate: false });
  db = database.db as Kysely<any>;
  await migrationSteps(database.db).justBefore(MIGRATION);
  // Erased as the deletion erases an account: the row stays, marked deleted.
  await db
    .insertInto('users')
    .values([
      user('live-driver', null),
      user('gone-driver', NOW),
      user('rider', null),
      user('gone-rider', NOW),
    ])
    .execute();
  await insertTwoPlaces(db, NOW);
  await db
    .insertInto('commutes')
    .values([commute('live', 'live-driver', 'ACTIVE'), commute('gone', 'gone-driver', 'STOPPED')])
    .execute();
  await db
    .insertInto('commute_subscriptions')
    .values([
      standing('on-gone', 'gone', 'rider'),
      standing('on-live', 'live', 'rider'),
      standing('of-gone-rider', 'live', 'gone-rider'),
    ])
    .execute();
});
afterEach(() => database.destroy());

const left = () => db.selectFrom('commute_subscriptions').select('id').orderBy('id').execute();

describe(`migration ${MIGRATION}`, () => {
  it("removes the standing bookings on a deleted driver's commute and a deleted passenger's, no others", async () => {
    await migrationSteps(database.db).up();
    expect(await left()).toEqual([{ id: 'on-live' }]);
    // The commutes and accounts stay: other users' history still points at them.
    expect(await db.selectFrom('commutes').select('id').orderBy('id').execute()).toEqual([
      { id: 'gone' },
      { id: 'live' },
    ]);
  });

  it('goes down without bringing the erased rows back', async () => {
    await migrationSteps(database.db).up();
    await migrationSteps(database.db).down();
    expect(await left()).toEqual([{ id: 'on-live' }]);
  });
});
