import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { hashSecret, newId, newSecret } from '../../lib/ids.js';
import { insertRefreshToken, insertSession, purgeEndedSessions } from './sessions.repo.js';

export const REFRESH_TOKEN_TTL_MS = 30 * 86_400_000;
/** Ended sessions are kept a day (for support and for replay answers), then removed. */
const ENDED_SESSION_KEEP_MS = 86_400_000;

export interface TokenPair {
  token: string;
  refreshToken: string;
}

/** A new session: an opaque refresh token (stored hashed) and a short access JWT naming the session. */
export async function openSession(
  db: Executor,
  deps: Pick<AppDeps, 'jwt'>,
  userId: string,
  nowMs: number,
): Promise<TokenPair> {
  await purgeEndedSessions(db, userId, nowMs - ENDED_SESSION_KEEP_MS);
  const sessionId = newId();
  const refreshToken = newSecret();
  await insertSession(db, { id: sessionId, userId, expiresAt: nowMs + REFRESH_TOKEN_TTL_MS }, nowMs);
  await insertRefreshToken(
    db,
    { tokenHash: hashSecret(refreshToken), sessionId, expiresAt: nowMs + REFRESH_TOKEN_TTL_MS },
    nowMs,
  );
  const token = await deps.jwt.sign({ userId, sessionId }, nowMs);
  return { token, refreshToken };
}
