import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, createJwt } from './jwt.js';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
const NOW = Date.parse('2026-11-22T04:30:00.000Z');
const claims = { userId: 'user-1', sessionId: 'session-1' };

/** A token signed by hand, for shapes the app itself never signs. */
function handMade(header: object, payload: object, secret = SECRET): string {
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const body = `${enc(header)}.${enc(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

describe('access tokens', () => {
  it('verify until they expire, also when the same token comes again', async () => {
    const jwt = createJwt(SECRET);
    const token = await jwt.sign(claims, NOW);
    expect(await jwt.verify(token, NOW)).toEqual(claims);
    expect(await jwt.verify(token, NOW + 60_000)).toEqual(claims);
    expect(await jwt.verify(token, NOW + ACCESS_TOKEN_TTL_SECONDS * 1000)).toBeNull();
    expect(await jwt.verify(token, NOW + 60_000)).toEqual(claims);
  });

  it('are refused when any part was changed, even right after the genuine token was accepted', async () => {
    const jwt = createJwt(SECRET);
    const token = await jwt.sign(claims, NOW);
    expect(await jwt.verify(token, NOW)).toEqual(claims);
    const [h, p, s] = token.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ sub: 'someone-else', sid: 'session-1', exp: 9e9 })).toString(
      'base64url',
    );
    expect(await jwt.verify(`${h}.${forged}.${s}`, NOW)).toBeNull();
    expect(await jwt.verify(`${h}.${p}.${s.slice(0, -2)}AA`, NOW)).toBeNull();
    expect(await jwt.verify(await createJwt(`${SECRET}-other`).sign(claims, NOW), NOW)).toBeNull();
  });

  it('need HS256, an expiry, and honour not-before', async () => {
    const jwt = createJwt(SECRET);
    const exp = Math.floor(NOW / 1000) + 600;
    const base = { sub: 'user-1', sid: 'session-1', exp };
    expect(await jwt.verify(handMade({ alg: 'HS256' }, base), NOW)).toEqual(claims);
    expect(await jwt.verify(handMade({ alg: 'none' }, base), NOW)).toBeNull();
    expect(await jwt.verify(handMade({ alg: 'HS256' }, { sub: 'user-1', sid: 'session-1' }), NOW)).toBeNull();
    const later = handMade({ alg: 'HS256' }, { ...base, nbf: Math.floor(NOW / 1000) + 60 });
    expect(await jwt.verify(later, NOW)).toBeNull();
    expect(await jwt.verify(later, NOW + 61_000)).toEqual(claims);
  });
});
