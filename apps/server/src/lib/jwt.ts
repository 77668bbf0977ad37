import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

interface AccessClaims {
  userId: string;
  sessionId: string;
}

/** Verified tokens remembered at most; a phone sends the same token for up to 15 minutes. */
const VERIFIED_MAX = 10_000;

interface Verified {
  claims: AccessClaims;
  /** exp and nbf in seconds, checked again on every use. */
  exp: number;
  nbf: number;
}

/** Short-lived access tokens (HS256). The refresh side is opaque and lives in the database. */
export function createJwt(secret: string) {
  const key = new TextEncoder().encode(secret);
  // A token's signature and claims never change, only whether it is expired yet: each token is checked
  // once and its claims remembered by its exact text, so a cached search does no HMAC, base64 or JSON
  // work for it (decision 017).
  const verified = new Map<string, Verified>();
  // One KeyObject for every verification: handing createHmac raw bytes builds a new one per request.
  const hmacKey = createSecretKey(key);
  return {
    async sign(claims: AccessClaims, nowMs: number): Promise<string> {
      const iat = Math.floor(nowMs / 1000);
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.userId)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key);
    },
    /**
     * Checked synchronously with node:crypto. jose goes through WebCrypto, which runs every HMAC on
     * libuv's four-thread pool; during a burst of sign-ins that pool is full of password hashes and every
     * authenticated request would wait behind them. An HMAC over a few hundred bytes takes microseconds
     * on the event loop. The rules are jose's: HS256 only, signature compared in constant time against
     * its canonical encoding, exp required and in the future, nbf honoured.
     */
    async verify(token: string, nowMs: number): Promise<AccessClaims | null> {
      const now = Math.floor(nowMs / 1000);
      const known = verified.get(token);
      if (known) return known.exp > now && known.nbf <= now ? known.claims : null;
      const checked = check(token);
      if (!checked) return null;
      if (verified.size >= VERIFIED_MAX) verified.clear();
      verified.set(token, checked);
      return checked.exp > now && checked.nbf <= now ? checked.claims : null;
    },
    /**
     * The claims of a token this server signed, expired or not: enough to name the session that a
     * sign-out ends, since a client signing out after a quiet quarter hour holds only an expired one.
     */
    signedClaims(token: string): AccessClaims | null {
      return (verified.get(token) ?? check(token))?.claims ?? null;
    },
  };

  /** Signature and shape; the time rules are applied by the caller on every use. */
  function check(token: string): Verified | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [header, payload, signature] = parts as [string, string, string];
    const expected = Buffer.from(
      createHmac('sha256', hmacKey).update(`${header}.${payload}`).digest('base64url'),
    );
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const h = parseSegment(header);
    const p = parseSegment(payload);
    if (!h || !p || h.alg !== 'HS256' || h.crit !== undefined) return null;
    if (typeof p.exp !== 'number') return null;
    if (p.nbf !== undefined && typeof p.nbf !== 'number') return null;
    if (p.iat !== undefined && typeof p.iat !== 'number') return null;
    if (typeof p.sub !== 'string' || typeof p.sid !== 'string') return null;
    return { claims: { userId: p.sub, sessionId: p.sid }, exp: p.exp, nbf: p.nbf ?? -Infinity };
  }
}
export type Jwt = ReturnType<typeof createJwt>;

function parseSegment(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
