import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

/** Short-lived access tokens (HS256). The refresh side is opaque and lives in the database. */
export function createJwt(secret: string) {
  const key = new TextEncoder().encode(secret);
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
    async verify(token: string, nowMs: number): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: new Date(nowMs),
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch {
        return null;
      }
    },
  };
}
export type Jwt = ReturnType<typeof createJwt>;
