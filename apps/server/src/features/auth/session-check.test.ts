import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../../lib/ids.js';
import { createUser } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { testDatabaseKind } from '../../test/test-db.js';
import { isSessionActive } from './sessions.repo.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});

afterAll(async () => {
  await ctx.close();
});

/** A fresh session row, so the in-process memory of live sessions has never seen it. */
async function session(userId: string, overrides: { expires_at?: number; revoked_at?: number | null } = {}) {
  const now = ctx.clock.now();
  const id = newId();
  await ctx.db
    .insertInto('sessions')
    .values({
      id,
      user_id: userId,
      created_at: now,
      expires_at: now + 86_400_000,
      revoked_at: null,
      ...overrides,
    })
    .execute();
  return id;
}

/** The check as the app's auth hook makes it, with the app's own memory of live sessions. */
const active = (sessionId: string, userId: string, nowMs: number) =>
  isSessionActive(ctx.db, ctx.app.deps.sessionLiveness, sessionId, userId, nowMs);

describe('checking a session against the database', () => {
  it('counts a session only while it is not revoked, not expired, of its own user, and the user exists', async () => {
    const now = ctx.clock.now();
    const asha = await createUser(ctx);
    const ravi = await createUser(ctx);
    expect(await active(await session(asha.id), asha.id, now)).toBe(true);
    expect(await active(await session(asha.id), ravi.id, now)).toBe(false);
    expect(await active(await session(asha.id, { revoked_at: now - 1 }), asha.id, now)).toBe(false);
    expect(await active(await session(asha.id, { expires_at: now }), asha.id, now)).toBe(false);
    expect(await active('no-such-session', asha.id, now)).toBe(false);
    const gone = await createUser(ctx);
    const goneSession = await session(gone.id);
    await ctx.db.updateTable('users').set({ deleted_at: now }).where('id', '=', gone.id).execute();
    expect(await active(goneSession, gone.id, now)).toBe(false);
  });

  // better-sqlite3 clears a statement's bindings after each run, and SQLite compiles a statement again on
  // its next run when its plan weighed a bound value; better-sqlite3 then builds the statement's row
  // factory anew with `Function`, which is what this counts.
  it.runIf(testDatabaseKind === 'sqlite')(
    'compiles its statement once, not again on every check',
    async () => {
      const now = ctx.clock.now();
      const user = await createUser(ctx);
      const sessions = await Promise.all(Array.from({ length: 21 }, () => session(user.id)));
      expect(await active(sessions[0]!, user.id, now)).toBe(true);
      const compiles = vi.spyOn(globalThis, 'Function');
      try {
        for (const id of sessions.slice(1)) expect(await active(id, user.id, now)).toBe(true);
        expect(compiles).not.toHaveBeenCalled();
      } finally {
        compiles.mockRestore();
      }
    },
  );
});
