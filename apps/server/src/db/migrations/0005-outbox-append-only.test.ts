import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MailTransports } from '../../features/mail/mail-transports.js';
import { drainOutbox } from '../../features/mail/mail-worker.js';
import { enqueueMail } from '../../features/mail/outbox.repo.js';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../../test/test-db.js';
import { migrationSteps } from '../../test/migration-steps.js';
import { migrateToLatest } from '../migrate.js';
import { loadConfig } from '../../config.js';
import { FixedClock } from '../../lib/clock.js';

/**
 * Migration 0005 replaces the single outbox table by one table per stage (new, retry, done) and a view
 * over them. These check that every mail is carried to its stage with what the worker needs, that the
 * carried mails are then sent, and that going down gives the single table back with every mail.
 */
const NOW = Date.parse('2026-11-22T04:30:00.000Z');

let database: TestDatabase;
// The schema of another time: the outbox as migration 0004 left it.
let db: Kysely<any>;

beforeEach(async () => {
  database = await createTestDatabase({ migrate: false });
  db = database.db as Kysely<any>;
  await migrationSteps(database.db).to('0004-bookings-without-driver');
  await seedAt0004();
});
afterEach(() => database.destroy());

const up = () => migrationSteps(database.db).up();
const down = () => migrationSteps(database.db).down();

const OLD = {
  text_body: 'hi',
  html_body: '<p>hi</p>',
  claimed_by: null,
  claimed_until: null,
  last_error: null,
  sent_at: null,
};

async function seedAt0004() {
  await db
    .insertInto('outbox')
    .values([
      // Inserted out of order: the new queue takes them oldest first.
      {
        ...OLD,
        id: 'b',
        to_address: 'new2@example.in',
        subject: 'New 2',
        status: 'pending',
        attempts: 0,
        next_attempt_at: NOW - 1_000,
        created_at: NOW - 1_000,
      },
      {
        ...OLD,
        id: 'a',
        to_address: 'new1@example.in',
        subject: 'New 1',
        status: 'pending',
        attempts: 0,
        next_attempt_at: NOW - 2_000,
        created_at: NOW - 2_000,
        claimed_by: 'old-worker',
        claimed_until: NOW + 5_000,
      },
      {
        ...OLD,
        id: 'c',
        to_address: 'retry@example.in',
        subject: 'Retry',
        status: 'pending',
        attempts: 3,
        next_attempt_at: NOW + 60_000,
        created_at: NOW - 9_000,
        last_error: 'ECONNREFUSED',
      },
      {
        ...OLD,
        id: 'd',
        to_address: 'sent@example.in',
        subject: 'Sent',
        status: 'sent',
        attempts: 1,
        next_attempt_at: NOW - 8_000,
        created_at: NOW - 8_000,
        sent_at: NOW - 7_000,
      },
      {
        ...OLD,
        id: 'e',
        to_address: 'dead@example.in',
        subject: 'Dead',
        status: 'dead',
        attempts: 10,
        next_attempt_at: 0,
        created_at: NOW - 6_000,
        last_error: 'gave up',
      },
    ])
    .execute();
}

const mails = () =>
  db
    .selectFrom('mails')
    .select([
      'to_address',
      'subject',
      'status',
      'attempts',
      'next_attempt_at',
      'claimed_by',
      'claimed_until',
      'last_error',
      'sent_at',
      'created_at',
    ])
    .orderBy('to_address')
    .execute();

async function indexesOf(table: string): Promise<string[]> {
  const { rows } =
    testDatabaseKind === 'postgres'
      ? await sql<{
          name: string;
        }>`select indexname as name from pg_indexes where tablename = ${table}`.execute(db)
      : await sql<{
          name: string;
        }>`select name from sqlite_schema where type = 'index' and tbl_name = ${table}`.execute(db);
  return rows.map((r) => r.name).sort();
}

describe(`migration 0005: the outbox by stage (${testDatabaseKind})`, () => {
  it('carries every mail to the table of its stage, new ones oldest first, with leases, attempts and errors', async () => {
    await up();
    const queue = await db
      .selectFrom('outbox')
      .select(['id', 'to_address', 'claimed_by', 'claimed_until'])
      .orderBy('id')
      .execute();
    expect(
      queue.map((r) => [r.to_address, r.claimed_by, r.claimed_until && Number(r.claimed_until)]),
    ).toEqual([
      ['new1@example.in', 'old-worker', NOW + 5_000],
      ['new2@example.in', null, null],
    ]);
    expect(Number(queue[0]!.id)).toBeLessThan(Number(queue[1]!.id));
    expect(
      (await mails()).map((m) => ({
        ...m,
        attempts: Number(m.attempts),
        next_attempt_at: m.next_attempt_at === null ? null : Number(m.next_attempt_at),
        sent_at: m.sent_at === null ? null : Number(m.sent_at),
        claimed_until: m.claimed_until === null ? null : Number(m.claimed_until),
        created_at: Number(m.created_at),
      })),
    ).toEqual([
      {
        to_address: 'dead@example.in',
        subject: 'Dead',
        status: 'dead',
        attempts: 10,
        next_attempt_at: null,
        claimed_by: null,
        claimed_until: null,
        last_error: 'gave up',
        sent_at: null,
        created_at: NOW - 6_000,
      },
      {
        to_address: 'new1@example.in',
        subject: 'New 1',
        status: 'pending',
        attempts: 0,
        next_attempt_at: NOW - 2_000,
        claimed_by: 'old-worker',
        claimed_until: NOW + 5_000,
        last_error: null,
        sent_at: null,
        created_at: NOW - 2_000,
      },
      {
        to_address: 'new2@example.in',
        subject: 'New 2',
        status: 'pending',
        attempts: 0,
        next_attempt_at: NOW - 1_000,
        claimed_by: null,
        claimed_until: null,
        last_error: null,
        sent_at: null,
        created_at: NOW - 1_000,
      },
      {
        to_address: 'retry@example.in',
        subject: 'Retry',
        status: 'pending',
        attempts: 3,
        next_attempt_at: NOW + 60_000,
        claimed_by: null,
        claimed_until: null,
        last_error: 'ECONNREFUSED',
        sent_at: null,
        created_at: NOW - 9_000,
      },
      {
        to_address: 'sent@example.in',
        subject: 'Sent',
        status: 'sent',
        attempts: 1,
        next_attempt_at: null,
        claimed_by: null,
        claimed_until: null,
        last_error: null,
        sent_at: NOW - 7_000,
        created_at: NOW - 8_000,
      },
    ]);
    // The enqueue's table has nothing but its key: on SQLite the rowid itself (no index at all).
    expect(await indexesOf('outbox')).toEqual(testDatabaseKind === 'postgres' ? ['outbox_pkey'] : []);
  });

  it('sends the carried mails: new ones once their old lease lapses, the retry when it is due', async () => {
    // Today's worker needs today's schema: the later migrations keep what 0005 carried over.
    await migrateToLatest(database.db);
    const clock = new FixedClock(NOW);
    const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', APP_URL: 'http://app.test' });
    const deps = {
      db: database.db,
      dbKind: database.kind,
      clock,
      config,
      mailTransports: new MailTransports(config.smtpUrl),
    };
    expect(await drainOutbox(deps)).toEqual({ sent: 1, failed: 0 }); // new2; new1 is still leased
    clock.set(NOW + 60_000);
    expect(await drainOutbox(deps)).toEqual({ sent: 2, failed: 0 });
    const pending = await db
      .selectFrom('mails')
      .select('to_address')
      .where('status', '=', 'pending')
      .execute();
    expect(pending).toEqual([]);
  });

  /** Every mail of the single outbox table (0001-0004's), by address. */
  const singleTableMails = () =>
    db
      .selectFrom('outbox')
      .select([
        'to_address',
        'subject',
        'status',
        'attempts',
        'claimed_by',
        'last_error',
        'sent_at',
        'created_at',
      ])
      .orderBy('to_address')
      .execute();

  it('going down gives the single table back with every mail, and up again works', async () => {
    const before = await singleTableMails();
    const indexesBefore = await indexesOf('outbox');
    await up();
    await down();
    const after = await singleTableMails();
    expect(after).toEqual(before);
    expect(await indexesOf('outbox')).toEqual(indexesBefore);
    expect(indexesBefore).toContain('outbox_due');
    await up();
    await enqueueMail(
      database.db,
      { to: 'later@example.in', subject: 'Later', text: 'hi', html: '<p>hi</p>' },
      NOW,
    );
    expect(await db.selectFrom('mails').select('id').execute()).toHaveLength(6);
  });
});
