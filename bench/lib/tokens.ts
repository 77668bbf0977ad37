import { createHmac, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

/** The JWT_SECRET the benchmark's servers run with, so it can sign their access tokens itself. */
export const BENCH_JWT_SECRET = 'bench-secret-0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * Access tokens for the authenticated scenarios, made the way the server makes them: a session row
 * per user (so the server's session check passes) and an HS256 JWT naming it, signed with the
 * server's JWT_SECRET, valid for the usual 15 minutes. This skips one password hash per user, which
 * would otherwise dominate setup; sign-in itself is measured by its own scenario.
 */
export async function createSessions(
  db: Kysely<any>,
  userIds: string[],
  nowMs: number,
): Promise<Map<string, string>> {
  const sessions = new Map<string, string>();
  const rows = userIds.map((userId) => {
    const id = randomUUID();
    sessions.set(userId, id);
    return { id, user_id: userId, created_at: nowMs, expires_at: nowMs + 30 * 86_400_000, revoked_at: null };
  });
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('sessions')
      .values(rows.slice(i, i + 500))
      .execute();
  }
  return sessions;
}

const b64 = (v: string | Buffer) => Buffer.from(v).toString('base64url');

export function signAccessToken(secret: string, userId: string, sessionId: string, nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const header = b64(JSON.stringify({ alg: 'HS256' }));
  const payload = b64(JSON.stringify({ sid: sessionId, sub: userId, iat, exp: iat + 15 * 60 }));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

/** Fresh tokens for every session, signed now (call before each scenario: they last 15 minutes). */
export function tokensFor(secret: string, sessions: Map<string, string>): Map<string, string> {
  const now = Date.now();
  return new Map(
    [...sessions].map(([userId, sid]) => [userId, `Bearer ${signAccessToken(secret, userId, sid, now)}`]),
  );
}
