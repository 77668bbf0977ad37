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
    up: async () => expectMigrated(await createMigrator(db).migrateUp()),
    down: async () => expectMigrated(await createMigrator(db).migrateDown()),
  };
}
