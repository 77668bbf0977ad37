import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids.js';
import { createUser, type TestUser } from '../test/factories.js';
import { createTestApp, type TestContext } from '../test/test-app.js';
import type { Executor } from './database.js';
import { prepared } from './prepared.js';

let ctx: TestContext;
let asha: TestUser;
let ravi: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  asha = await createUser(ctx, { first_name: 'Asha' });
  ravi = await createUser(ctx, { first_name: 'Ravi' });
});

afterAll(async () => {
  await ctx.close();
});

describe('a prepared query', () => {
  it('is built once and then run with the values of each call, on the database and in transactions', async () => {
    let builds = 0;
    const firstName = prepared((db: Executor, v: { id: string }) => {
      builds += 1;
      return db
        .selectFrom('users')
        .select('first_name')
        .where('id', '=', v.id)
        .where('deleted_at', 'is', null);
    });
    expect((await firstName(ctx.db, { id: asha.id })).rows).toEqual([{ first_name: 'Asha' }]);
    expect((await firstName(ctx.db, { id: ravi.id })).rows).toEqual([{ first_name: 'Ravi' }]);
    expect((await firstName(ctx.db, { id: 'nobody' })).rows).toEqual([]);
    const inside = await ctx.db
      .transaction()
      .execute(async (trx) => (await firstName(trx, { id: ravi.id })).rows);
    expect(inside).toEqual([{ first_name: 'Ravi' }]);
    expect(builds).toBe(1);
  });

  it('binds every use of a value, keeps the fixed ones, and writes an absent value as NULL', async () => {
    const rename = prepared((db: Executor, v: { id: string; name: string; bio?: string }) =>
      db
        .updateTable('users')
        .set({ first_name: v.name, last_name: v.name, bio: v.bio })
        .where('id', '=', v.id)
        .where('email_verified', '=', 1)
        .returning(['first_name', 'last_name', 'bio']),
    );
    const row = (await rename(ctx.db, { id: asha.id, name: 'Meera', bio: 'Early riser' })).rows[0];
    expect(row).toEqual({ first_name: 'Meera', last_name: 'Meera', bio: 'Early riser' });
    expect((await rename(ctx.db, { id: asha.id, name: 'Asha' })).rows[0]).toEqual({
      first_name: 'Asha',
      last_name: 'Asha',
      bio: null,
    });
    expect((await rename(ctx.db, { id: 'nobody', name: 'X' })).rows).toEqual([]);
  });

  it('inserts, reporting the rows it wrote', async () => {
    const open = prepared((db: Executor, v: { id: string; userId: string; now: number }) =>
      db
        .insertInto('sessions')
        .values({ id: v.id, user_id: v.userId, created_at: v.now, expires_at: v.now, revoked_at: null }),
    );
    const id = newId();
    const result = await open(ctx.db, { id, userId: ravi.id, now: 5 });
    expect(Number(result.numAffectedRows)).toBe(1);
    const stored = await ctx.db
      .selectFrom('sessions')
      .select(['user_id', 'expires_at'])
      .where('id', '=', id)
      .execute();
    expect(stored.map((s) => ({ ...s, expires_at: Number(s.expires_at) }))).toEqual([
      { user_id: ravi.id, expires_at: 5 },
    ]);
  });

  it('refuses a value that is computed with or written into the SQL, which it could not bind later', async () => {
    const pattern = prepared((db: Executor, v: { name: string }) =>
      db.selectFrom('users').select('id').where('first_name', 'like', `${v.name}%`),
    );
    await expect(pattern(ctx.db, { name: 'As' })).rejects.toThrow(/computed with or written into the SQL/);
    const literal = prepared((db: Executor, v: { name: string }) =>
      db.selectFrom('users').select('id').where('first_name', '=', sql.lit(v.name)),
    );
    await expect(literal(ctx.db, { name: 'Asha' })).rejects.toThrow(/computed with or written into the SQL/);
  });
});
