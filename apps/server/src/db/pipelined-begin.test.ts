import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind, type TestDatabase } from '../test/test-db.js';

/**
 * On PostgreSQL a transaction's BEGIN is written with its first statement, without waiting for BEGIN's
 * answer (db/pipelined-begin.ts). The first statement must still be inside the transaction, on every
 * pooled connection, and a failed unit must leave nothing behind.
 */
describe.skipIf(testDatabaseKind !== 'postgres')('BEGIN sent with the first statement', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  const transactionId = async (db: TestDatabase['db']) =>
    String((await sql<{ id: string }>`select txid_current() as id`.execute(db)).rows[0]!.id);

  it('runs the first statement inside the transaction, on more transactions at once than connections', async () => {
    const ids = await Promise.all(
      Array.from({ length: 25 }, () =>
        database.db.transaction().execute(async (trx) => {
          const first = await transactionId(trx);
          const second = await transactionId(trx);
          return { first, second };
        }),
      ),
    );
    // Outside a transaction every statement would get a transaction id of its own.
    for (const { first, second } of ids) expect(first).toBe(second);
    expect(new Set(ids.map((i) => i.first)).size).toBe(25);
  });

  it('keeps nothing of a unit whose work fails after its first write', async () => {
    const name = `Pipelined ${Date.now()}`;
    await expect(
      database.db.transaction().execute(async (trx) => {
        await sql`insert into places (id, name, norm, created_at)
          values (${name}, ${name}, ${name.toLowerCase()}, ${Date.now()})`.execute(trx);
        throw new Error('refused after the write');
      }),
    ).rejects.toThrow('refused after the write');
    const left = await sql`select 1 from places where id = ${name}`.execute(database.db);
    expect(left.rows).toEqual([]);
    // The connection went back clean: the next transaction is a transaction of its own.
    const again = await database.db
      .transaction()
      .execute(async (trx) => [await transactionId(trx), await transactionId(trx)]);
    expect(again[0]).toBe(again[1]);
  });
});
