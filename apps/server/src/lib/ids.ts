import * as crypto from 'node:crypto';
import { v7 } from 'uuid';

/** Node 24 makes UUIDv7s natively; Node 22, which `engines` still allows, has no such function. */
const nativeV7 = (crypto as Partial<typeof crypto>).randomUUIDv7;

/**
 * Ids are UUIDv7: the creation time in milliseconds, then 74 random bits. Time-ordered ids put each new
 * row's primary-key entry at the end of its index, not on a random page of it, so an INSERT writes fewer
 * pages to the log (decision 017). The time an id shows is no secret: the row's createdAt says the same.
 */
export const newId = (): string => (nativeV7 ? nativeV7() : v7());

/** An opaque secret for links and refresh tokens; only its hash is stored. */
export const newSecret = (): string => crypto.randomBytes(32).toString('base64url');

export const hashSecret = (secret: string): string =>
  crypto.createHash('sha256').update(secret).digest('base64url');
