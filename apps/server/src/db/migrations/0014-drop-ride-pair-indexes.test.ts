import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.js';
import { migrationSteps } from '../../test/migration-steps.js';

/** Migration 0014 drops the rides' indexes by place pair, which no statement reads; down brings them back. */
let database: TestDatabase;

beforeEach(async () => {
  database = await createTestDatabase({ migrate: false });
  await migrationSteps(database.db).justBefore('0014-drop-ride-pair-indexes');
});
afterEach(() => database.destroy());

async function rideIndexes(): Promise<string[]> {
  const query =
    database.kind === 'postgres'
      ? sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'rides'`
      : sql<{ name: string }>`select name from sqlite_schema where type = 'index' and tbl_name = 'rides'`;
  const { rows } = await query.execute(database.db);
  return rows.map((r) => r.name);
}

describe('migration 0014', () => {
  it('leaves rides without indexes by place pair, and down restores both', async () => {
    expect(await rideIndexes()).toEqual(expect.arrayContaining(['rides_search', 'rides_price']));
    await migrationSteps(database.db).up();
    const after = await rideIndexes();
    expect(after).not.toContain('rides_search');
    expect(after).not.toContain('rides_price');
    expect(after).toEqual(expect.arrayContaining(['rides_driver', 'rides_commute_day']));
    await migrationSteps(database.db).down();
    expect(await rideIndexes()).toEqual(expect.arrayContaining(['rides_search', 'rides_price']));
  });
});
