import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.js';
import { migrationSteps } from '../../test/migration-steps.js';
import { createMigrator } from '../migrate.js';

/** Migration 0015 makes ride_points its key on SQLite (WITHOUT ROWID), keeping rows and indexes. */
const NOW = Date.parse('2026-11-22T04:30:00.000Z');

let database: TestDatabase;
let db: Kysely<any>;

const point = (idx: number, placeId: string, located: boolean) => ({
  ...{ ride_id: 'r1', idx, place_id: placeId, place_name: `Place ${placeId}` },
  ...{ lat: located ? 12.9716 : null, lng: located ? 77.5946 : null, departure_date: '2026-11-23' },
  ...{ departure_time: `0${8 + idx}:00`, at: NOW + idx * 3_600_000, estimated: idx, km_from_start: idx * 10 },
  seats_to_next: idx < 2 ? 3 : null,
});
const POINTS = [point(0, 'p1', true), point(1, 'p2', false), point(2, 'p1', true)];

beforeEach(async () => {
  database = await createTestDatabase({ migrate: false });
  db = database.db as Kysely<any>;
  // The migration just before this one, whichever that is once other branches' migrations are merged.
  const names = (await createMigrator(database.db).getMigrations()).map((m) => m.name);
  await migrationSteps(database.db).to(names[names.indexOf('0015-ride-points-by-key') - 1]!);
  await db
    .insertInto('users')
    .values({
      ...{ id: 'd', email: 'd@example.in', first_name: 'A', last_name: 'B', phone: '9876543210' },
      ...{ location: 'India', password_hash: 'x', email_verified: 1, rating_sum: 0, rating_count: 0 },
      ...{ created_at: NOW, updated_at: NOW },
    })
    .execute();
  await db
    .insertInto('places')
    .values(['p1', 'p2'].map((id) => ({ id, name: id, norm: id, builtin: 0, ride_count: 0, created_at: NOW })))
    .execute();
  await db
    .insertInto('rides')
    .values({
      ...{ id: 'r1', driver_id: 'd', from_place_id: 'p1', to_place_id: 'p1', from_name: 'A', to_name: 'B' },
      ...{ departure_date: '2026-11-23', departure_time: '08:00', departure_at: NOW, total_seats: 4 },
      ...{ available_seats: 3, price_per_seat: 100, car_model: 'Swift', car_number: 'KA01' },
      ...{ instant_booking: 0, status: 'ACTIVE', created_at: NOW, updated_at: NOW },
    })
    .execute();
  await db.insertInto('ride_points').values(POINTS).execute();
});
afterEach(() => database.destroy());

const points = async () =>
  (await db.selectFrom('ride_points').selectAll().orderBy('ride_id').orderBy('idx').execute()).map((p) => ({
    ...p,
    at: Number(p.at),
  }));

/** The table's definition and its indexes on SQLite; on PostgreSQL only the index names. */
async function shape(): Promise<{ withoutRowid: boolean; indexes: string[] }> {
  if (database.kind === 'postgres') {
    const { rows } = await sql<{ name: string }>`select indexname as name from pg_indexes
      where tablename = 'ride_points' order by indexname`.execute(db);
    return { withoutRowid: false, indexes: rows.map((r) => r.name) };
  }
  const { rows } = await sql<{ type: string; name: string; sql: string | null }>`select type, name, sql
    from sqlite_schema where tbl_name = 'ride_points' order by name`.execute(db);
  return {
    withoutRowid: /without rowid/i.test(rows.find((r) => r.type === 'table')!.sql!),
    indexes: rows.filter((r) => r.type === 'index' && r.sql !== null).map((r) => r.name),
  };
}

describe('migration 0015', () => {
  it('keeps every point and both indexes, as its key on SQLite; down brings the rowid back', async () => {
    const before = await shape();
    expect(before.withoutRowid).toBe(false);
    await migrationSteps(database.db).up();
    expect(await points()).toEqual(POINTS);
    const after = await shape();
    expect(after.withoutRowid).toBe(database.kind === 'sqlite');
    expect(after.indexes).toEqual(before.indexes);
    expect(after.indexes).toEqual(expect.arrayContaining(['ride_points_place', 'ride_points_unplaced']));
    await expect(db.insertInto('ride_points').values(point(1, 'p1', true)).execute()).rejects.toThrow();
    await migrationSteps(database.db).down();
    expect(await points()).toEqual(POINTS);
    expect(await shape()).toEqual(before);
  });
});
