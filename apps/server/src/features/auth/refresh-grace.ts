import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { TokenPair } from './session-tokens.js';

/**
 * How long a just-retired refresh token still answers with the pair its first use got. Two tabs that
 * wake up together, or a phone that resends a refresh whose answer was lost in a tunnel, present the
 * same token within a few seconds; without a grace window the second one looks like a stolen token and
 * ends the session for both. 30 s covers a slow mobile retry and is still far too short for a copied
 * token to be worth anything once its owner has moved on (and once the successor is used, the window
 * closes at once).
 */
export const REFRESH_GRACE_MS = 30_000;

/**
 * The pair a refresh token was exchanged for, sealed with a key only that token's holder can derive:
 * the database keeps the token's SHA-256 hash, never the token, so neither a copy of the database nor
 * its backups can open it. AES-256-GCM, a fresh IV each time; base64url of iv | tag | ciphertext.
 */
const keyOf = (refreshToken: string) =>
  createHmac('sha256', refreshToken).update('saathchalo refresh grace v1').digest();

export function sealPair(retiredToken: string, pair: TokenPair): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(retiredToken), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The sealed pair, or null when it does not open with this token (it never should: the row is found by its hash). */
export function openPair(retiredToken: string, sealed: string): TokenPair | null {
  try {
    const raw = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', keyOf(retiredToken), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    const pair = JSON.parse(text) as TokenPair;
    return typeof pair.token === 'string' && typeof pair.refreshToken === 'string' ? pair : null;
  } catch {
    return null;
  }
}
