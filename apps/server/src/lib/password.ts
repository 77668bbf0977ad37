import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';

/**
 * Password hashing with scrypt (memory-hard, in node:crypto, no native add-on to build).
 * Stored as `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64url), so the cost can be raised later and
 * old hashes still verify; `needsRehash` tells a sign-in when to upgrade one.
 */
const LOG2_N = 15; // N = 32768: 32 MiB per hash with r = 8
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/**
 * At most this many hashes at once. Each takes 32 MiB and a whole core for tens of milliseconds, so
 * more than one per core adds no throughput; a burst of sign-ins otherwise filled libuv's thread pool
 * (starving the file and crypto work of every other request) and added 32 MiB of memory per hash
 * (bench/RESULTS.md). One core is left to the event loop, which serves every other request: on two
 * cores a burst of sign-ins runs one hash at a time instead of taking both cores and twice the memory,
 * which broke the process's memory budget (decision 017). Waiting hashes queue here, in order.
 */
const MAX_CONCURRENT_HASHES = Math.max(1, Math.min(4, availableParallelism() - 1));
let running = 0;
const waiting: (() => void)[] = [];

async function scrypt(
  password: string,
  salt: Buffer,
  keyLength: number,
  options: ScryptOptions,
): Promise<Buffer> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await new Promise<Buffer>((resolve, reject) => {
      scryptCb(password.normalize('NFKC'), salt, keyLength, options, (err, key) =>
        err ? reject(err) : resolve(key),
      );
    });
  } finally {
    // Hand the slot straight to the next waiter, or free it.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

// Node refuses more than 32 MiB by default; allow twice what the parameters need.
const optionsOf = (log2N: number, r: number, p: number): ScryptOptions => ({
  N: 2 ** log2N,
  r,
  p,
  maxmem: 256 * 2 ** log2N * r,
});

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, KEY_LENGTH, optionsOf(LOG2_N, R, P));
  return ['scrypt', LOG2_N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface Parsed {
  log2N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): Parsed | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [log2N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  // Bounds keep a corrupted row from asking for gigabytes of memory.
  if (
    ![log2N, r, p].every(Number.isInteger) ||
    log2N < 10 ||
    log2N > 20 ||
    r < 1 ||
    r > 32 ||
    p < 1 ||
    p > 16
  )
    return null;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const key = Buffer.from(parts[5]!, 'base64url');
  if (salt.length === 0 || key.length === 0) return null;
  return { log2N, r, p, salt, key };
}

/** Constant-time comparison; an unparseable stored value never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await scrypt(
    password,
    parsed.salt,
    parsed.key.length,
    optionsOf(parsed.log2N, parsed.r, parsed.p),
  );
  return timingSafeEqual(key, parsed.key);
}

/** True when the stored hash was made with other parameters than today's. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.log2N !== LOG2_N || parsed.r !== R || parsed.p !== P;
}

/**
 * A real hash of a random password: sign-in verifies against it when the address is unknown, so an
 * unknown address costs the same time as a wrong password and does not reveal itself.
 */
let dummy: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
