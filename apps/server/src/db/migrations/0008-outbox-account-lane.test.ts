import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enqueueMail } from '../../features/mail/outbox.repo.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test/test-db.js';
import { migrationSteps } from '../../test/migration-steps.js';

/**
 * Migration 0008 adds the account lane: a table of fresh account mails, and a lane on retries and
 * finished mails. Mails queued before it keep their stage; going down puts unsent account mails back
 * in the one queue.
 */
const NOW = Date.parse('2026-11-22T04:30:00.000Z');
const MAIL = { text_body: 'hi', html_body: '<p>hi</p>', created_at: NOW };

let database: TestDatabase;
let db: Kysely<any>;

beforeEach(async () => {
  database = await createTestDatabase({ migrate: false });
  db = database.db as Kysely<any>;
  await migrationSteps(database.db).to('0007-sign-in-ips');
  await db
    .insertInto('outbox')
    .values({ ...MAIL, to_address: 'new@example.in', subject: 'New' })
    .execute();
  await db
    .insertInto('outbox_retry')
    .values({
      ...MAIL,
      to_address: 'retry@example.in',
      subject: 'Retry',
      attempts: 2,
      next_attempt_at: NOW + 60_000,
      last_error: 'busy',
    })
    .execute();
});
afterEach(() => database.destroy());

const lanes = () =>
  db.selectFrom('mails').select(['to_address', 'lane', 'status', 'attempts']).orderBy('to_address').execute();

describe(`migration 0008: the account mail lane (${testDatabaseKind})`, () => {
  it('keeps every queued mail in its stage, in the notification lane', async () => {
    await migrationSteps(database.db).up();
    expect(await lanes()).toEqual([
      { to_address: 'new@example.in', lane: 'notification', status: 'pending', attempts: 0 },
      { to_address: 'retry@example.in', lane: 'notification', status: 'pending', attempts: 2 },
    ]);
  });

  it('going down puts unsent account mails at the end of the one queue, and up again works', async () => {
    await migrationSteps(database.db).up();
    await enqueueMail(
      database.db,
      { to: 'reset@example.in', subject: 'Reset', text: 'hi', html: '<p>hi</p>', lane: 'account' },
      NOW,
    );
    await migrationSteps(database.db).down();
    const queue = await db.selectFrom('outbox').select('to_address').orderBy('id').execute();
    expect(queue.map((m) => m.to_address)).toEqual(['new@example.in', 'reset@example.in']);
    const retry = await db
      .selectFrom('mails')
      .selectAll()
      .where('to_address', '=', 'retry@example.in')
      .execute();
    expect(retry).toHaveLength(1);
    expect(retry[0]).not.toHaveProperty('lane');
    await migrationSteps(database.db).up();
    expect((await lanes()).map((m) => m.lane)).toEqual(['notification', 'notification', 'notification']);
  });
});
