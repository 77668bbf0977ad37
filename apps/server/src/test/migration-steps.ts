import type { Kysely } from 'kysely';
import type { MigrationResultSet } from 'kysely/migration';
import { expect } from 'vitest';
import type { Db } from '../db/database.js';
import { createMigrator } from '../db/migrate.js';

function expectMigrated({ error, results }: MigrationResultSet) {
  expect(error).toBeUndefined();
  expect(results?.every((r) => r.status === 'Success')).toBe(true);
}

/** Moves a test database through the migrations one step at a time; any migration's error fails the test. */
export function migrationSteps(db: Db) {
  return {
    to: async (name: string) => expectMigrated(await createMigrator(db).migrateTo(name)),
    /** To the migration just before `name`, whichever that is once other branches' migrations are merged. */
    justBefore: async (name: string) => {
      const names = (await createMigrator(db).getMigrations()).map((m) => m.name);
      const at = names.indexOf(name);
      expect(at, name).toBeGreaterThan(0);
      expectMigrated(await createMigrator(db).migrateTo(names[at - 1]!));
    },
    up: async () => expectMigrated(await createMigrator(db).migrateUp()),
    latest: async () => expectMigrated(await createMigrator(db).migrateToLatest()),
    down: async () => expectMigrated(await createMigrator(db).migrateDown()),
  };
}

/** Places p1 and p2, for the rows of a migration's test to point at. */
export async function insertTwoPlaces(db: Kysely<any>, now: number): Promise<void> {
  await db
    .insertInto('places')
    .values(
      ['p1', 'p2'].map((id) => ({ id, name: id, norm: id, builtin: 0, ride_count: 0, created_at: now })),
    )
    .execute();
}
