import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.js';
import { migrationSteps } from '../../test/migration-steps.js';

/** Migration 0006 adds refresh_tokens.successor; tokens retired before it simply have none. */
const NOW = Date.parse('2026-11-22T04:30:00.000Z');

let database: TestDatabase;
let db: Kysely<any>;
beforeEach(async () => {
  database = await createTestDatabase({ migrate: false });
  db = database.db as Kysely<any>;
  await migrationSteps(database.db).to('0005-outbox-append-only');
  await db
    .insertInto('users')
    .values({
      id: 'u1',
      email: 'a@example.in',
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
    })
    .execute();
  await db
    .insertInto('sessions')
    .values({ id: 's1', user_id: 'u1', created_at: NOW, expires_at: NOW + 1 })
    .execute();
  await db
    .insertInto('refresh_tokens')
    .values({ token_hash: 'h1', session_id: 's1', expires_at: NOW + 1, retired_at: NOW, created_at: NOW })
    .execute();
});
afterEach(() => database.destroy());

describe('migration 0006-refresh-token-successor', () => {
  it('adds an empty successor to every refresh token, and takes it away again going down', async () => {
    await migrationSteps(database.db).up();
    expect(await db.selectFrom('refresh_tokens').select(['token_hash', 'successor']).execute()).toEqual([
      { token_hash: 'h1', successor: null },
    ]);
    await migrationSteps(database.db).down();
    expect(await db.selectFrom('refresh_tokens').selectAll().execute()).toEqual([
      {
        token_hash: 'h1',
        session_id: 's1',
        expires_at: expect.anything(),
        retired_at: expect.anything(),
        created_at: expect.anything(),
      },
    ]);
  });
});
