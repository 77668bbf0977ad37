import type { Executor } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { SessionLiveness } from './session-liveness.js';

// One table found by its key, the user by a correlated subquery, the rest compared in JavaScript: in this
// shape SQLite plans the statement once; a join that compares the user id in SQL is planned again on every
// run (decision 017).
const sessionQuery = prepared((db: Executor, v: { sessionId: string }) =>
  db
    .selectFrom('sessions as s')
    .select((eb) => [
      's.user_id',
      's.expires_at',
      's.revoked_at',
      eb
        .selectFrom('users as u')
        .select((u) => u('u.deleted_at', 'is', null).as('live'))
        .whereRef('u.id', '=', 's.user_id')
        .as('user_live'),
    ])
    .where('s.id', '=', v.sessionId),
);

/**
 * A session counts while it is not revoked, not expired, and its user still exists. A session found live
 * is remembered for a few seconds by the app (session-liveness.ts, decision 002); every function below that
 * ends sessions tells that memory at once.
 */
export async function isSessionActive(
  db: Executor,
  sessionLiveness: SessionLiveness,
  sessionId: string,
  userId: string,
  nowMs: number,
): Promise<boolean> {
  if (sessionLiveness.isKnownLive(sessionId, userId, nowMs)) return true;
  const [row] = (await sessionQuery(db, { sessionId })).rows;
  // user_live: 1 or true for a user who is there, 0 or false when deleted (SQLite, PostgreSQL).
  const live =
    row !== undefined &&
    row.user_id === userId &&
    row.revoked_at === null &&
    Number(row.expires_at) > nowMs &&
    Boolean(row.user_live);
  if (!live) return false;
  sessionLiveness.remember(sessionId, userId, Number(row.expires_at));
  return true;
}

export async function insertSession(
  db: Executor,
  s: { id: string; userId: string; expiresAt: number },
  nowMs: number,
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({ id: s.id, user_id: s.userId, created_at: nowMs, expires_at: s.expiresAt, revoked_at: null })
    .execute();
}

/** Sliding expiry: a session in use lives as long as its newest refresh token. */
export async function extendSession(db: Executor, sessionId: string, expiresAt: number): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
}

export async function insertRefreshToken(
  db: Executor,
  t: { tokenHash: string; sessionId: string; expiresAt: number },
  nowMs: number,
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      token_hash: t.tokenHash,
      session_id: t.sessionId,
      expires_at: t.expiresAt,
      retired_at: null,
      created_at: nowMs,
      successor: null,
    })
    .execute();
}

export interface RefreshTokenState {
  sessionId: string;
  userId: string;
  expiresAt: number;
  retiredAt: number | null;
  /** The sealed pair it was exchanged for, while a replay may still get it (refresh-grace.ts). */
  successor: string | null;
  sessionRevokedAt: number | null;
  sessionExpiresAt: number;
  userDeleted: boolean;
}

export async function findRefreshToken(
  db: Executor,
  tokenHash: string,
): Promise<RefreshTokenState | undefined> {
  const row = await db
    .selectFrom('refresh_tokens')
    .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'refresh_tokens.session_id',
      'refresh_tokens.expires_at',
      'refresh_tokens.retired_at',
      'refresh_tokens.successor',
      'sessions.user_id',
      'sessions.revoked_at',
      'sessions.expires_at as session_expires_at',
      'users.deleted_at',
    ])
    .where('refresh_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    sessionId: row.session_id,
    userId: row.user_id,
    expiresAt: Number(row.expires_at),
    retiredAt: row.retired_at === null ? null : Number(row.retired_at),
    successor: row.successor,
    sessionRevokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
    sessionExpiresAt: Number(row.session_expires_at),
    userDeleted: row.deleted_at !== null,
  };
}

/**
 * Retires a live refresh token, keeping the sealed pair it is exchanged for; false when another request
 * retired it first (a replay or a race). The session's older tokens give up theirs: their successor is
 * being used now, so a replay of one of them can no longer be an innocent retry.
 */
export async function retireRefreshToken(
  db: Executor,
  t: { tokenHash: string; sessionId: string; successor: string },
  nowMs: number,
): Promise<boolean> {
  const res = await db
    .updateTable('refresh_tokens')
    .set({ retired_at: nowMs, successor: t.successor })
    .where('token_hash', '=', t.tokenHash)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await db
    .updateTable('refresh_tokens')
    .set({ successor: null })
    .where('session_id', '=', t.sessionId)
    .where('successor', 'is not', null)
    .where('token_hash', '!=', t.tokenHash)
    .execute();
  return true;
}

export async function revokeSession(
  db: Executor,
  sessionLiveness: SessionLiveness,
  sessionId: string,
  nowMs: number,
): Promise<void> {
  sessionLiveness.forgetSession(sessionId);
  await db
    .updateTable('sessions')
    .set({ revoked_at: nowMs })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAllSessions(
  db: Executor,
  sessionLiveness: SessionLiveness,
  userId: string,
  nowMs: number,
): Promise<void> {
  sessionLiveness.forgetUser(userId);
  await db
    .updateTable('sessions')
    .set({ revoked_at: nowMs })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Removes a user's sessions that ended (expired or revoked) before `beforeMs`, with their refresh tokens;
 * done whenever the user opens a new session, so the tables do not grow without a background job.
 * Until then, retired tokens stay so that a replay is still recognised as one.
 */
export async function purgeEndedSessions(db: Executor, userId: string, beforeMs: number): Promise<number> {
  const ended = db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', '<', beforeMs), eb('revoked_at', '<', beforeMs)]));
  await db.deleteFrom('refresh_tokens').where('session_id', 'in', ended).execute();
  const res = await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('expires_at', '<', beforeMs), eb('revoked_at', '<', beforeMs)]))
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
