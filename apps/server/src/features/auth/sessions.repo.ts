import type { Executor } from '../../db/database.js';

/** A session counts while it is not revoked, not expired, and its user still exists. */
export async function isSessionActive(db: Executor, sessionId: string, userId: string, nowMs: number): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select('sessions.id')
    .where('sessions.id', '=', sessionId)
    .where('sessions.user_id', '=', userId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', nowMs)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}
