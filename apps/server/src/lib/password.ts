import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash as argon2Hash, parseOptions, verify as argon2Verify } from '@node-rs/argon2';

/**
 * Password hashing with argon2id at 7 MiB, five passes and one lane: of the settings OWASP names as equal
 * defences, the one that holds the least memory, since a sign-in's hash adds its memory to the server's
 * peak (decision 031). Stored as its PHC string (`$argon2id$v=19$m=7168,t=5,p=1$<salt>$<hash>`), so the
 * cost can be raised later and old hashes still verify. Hashes of earlier releases, `scrypt$<log2 N>$<r>$<p>$…`
 * (decision 003), still verify; `needsRehash` tells a sign-in to replace them.
 */
const ARGON2 = { memoryCost: 7_168, timeCost: 5, parallelism: 1, outputLen: 32 } as const;
/** `Algorithm.Argon2id`: the package declares it as a const enum, which `verbatimModuleSyntax` cannot read. */
const ARGON2ID = 2;

/**
 * At most this many hashes at once. Each holds its memory and a whole core while it runs, so more than
 * one per core adds no throughput; a burst of sign-ins otherwise filled libuv's thread pool (starving the
 * file and crypto work of every other request) and added a hash's memory per sign-in (decision 017). One
 * core is left to the event loop, which serves every other request. Waiting hashes queue here, in order.
 */
const MAX_CONCURRENT_HASHES = Math.max(1, Math.min(4, availableParallelism() - 1));
let running = 0;
const waiting: (() => void)[] = [];

async function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next waiter, or free it.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

// Composed and decomposed Unicode are the same password.
const normal = (password: string) => password.normalize('NFKC');

export function hashPassword(password: string): Promise<string> {
  return oneAtATime(() => argon2Hash(normal(password), ARGON2));
}

/**
 * The costs of a stored argon2id hash, or null for anything else (scrypt, malformed, undecodable). Bounds
 * keep a corrupted row from asking for gigabytes or hours.
 */
function argon2Params(stored: string) {
  let options: ReturnType<typeof parseOptions>;
  try {
    options = parseOptions(stored);
  } catch {
    return null;
  }
  const { algorithm, memoryCost, timeCost, parallelism } = options;
  const bounded = memoryCost <= 262_144 && timeCost <= 16 && parallelism <= 8;
  return algorithm === ARGON2ID && bounded ? options : null;
}

interface ScryptParsed {
  log2N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function scryptParsed(stored: string): ScryptParsed | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [log2N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const bounded = log2N >= 10 && log2N <= 20 && r >= 1 && r <= 32 && p >= 1 && p <= 16;
  if (![log2N, r, p].every(Number.isInteger) || !bounded) return null;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const key = Buffer.from(parts[5]!, 'base64url');
  if (salt.length === 0 || key.length === 0) return null;
  return { log2N, r, p, salt, key };
}

function scryptKey(password: string, { log2N, r, p, salt, key }: ScryptParsed): Promise<Buffer> {
  // Node refuses more than 32 MiB by default; allow twice what the parameters need.
  const options: ScryptOptions = { N: 2 ** log2N, r, p, maxmem: 256 * 2 ** log2N * r };
  return new Promise((resolve, reject) =>
    scryptCb(normal(password), salt, key.length, options, (err, derived) =>
      err ? reject(err) : resolve(derived),
    ),
  );
}

/** Constant-time comparison; an unparseable stored value never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (argon2Params(stored)) return oneAtATime(() => argon2Verify(stored, normal(password)));
  const legacy = scryptParsed(stored);
  if (!legacy) return false;
  const key = await oneAtATime(() => scryptKey(password, legacy));
  return timingSafeEqual(key, legacy.key);
}

/** True when the stored hash was made with another function or other parameters than today's. */
export function needsRehash(stored: string): boolean {
  const params = argon2Params(stored);
  return (
    !params ||
    params.memoryCost !== ARGON2.memoryCost ||
    params.timeCost !== ARGON2.timeCost ||
    params.parallelism !== ARGON2.parallelism
  );
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
