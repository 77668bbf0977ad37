import { randomBytes, scryptSync } from 'node:crypto';
import { hashSync } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './password.js';

/** A scrypt hash in the stored format of earlier releases (decision 003). */
const scryptHash = (password: string, log2N: number) => {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, {
    N: 2 ** log2N,
    r: 8,
    p: 1,
    maxmem: 2 ** 26,
  });
  return `scrypt$${log2N}$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
};

describe('password hashing', () => {
  it('hashes with argon2id at 7 MiB, five passes and one lane, each with its own salt', async () => {
    const [a, b] = [await hashPassword('chai-and-rides'), await hashPassword('chai-and-rides')];
    expect(a).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('chai-and-rides');
    expect(await verifyPassword('chai-and-rides', hash)).toBe(true);
    expect(await verifyPassword('chai-and-ride', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('treats composed and decomposed Unicode as the same password', async () => {
    const hash = await hashPassword('caf\u00e9-r\u00e2ja');
    expect(await verifyPassword('cafe\u0301-ra\u0302ja', hash)).toBe(true);
  });

  it.each([14, 15])(
    'still verifies scrypt hashes of earlier releases (N = 2^%i), and says to replace them',
    async (log2N) => {
      const old = scryptHash('old-but-good', log2N);
      expect(await verifyPassword('old-but-good', old)).toBe(true);
      expect(await verifyPassword('old-but-bad', old)).toBe(false);
      expect(needsRehash(old)).toBe(true);
    },
  );

  it('verifies argon2id hashes made with other costs (19 MiB, two passes), and says to replace them', async () => {
    const other = hashSync('other-costs', { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    expect(await verifyPassword('other-costs', other)).toBe(true);
    expect(needsRehash(other)).toBe(true);
  });

  it.each([
    'placeholder',
    '',
    '!',
    'scrypt$40$8$1$c2FsdA$a2V5',
    'scrypt$15$8$1$$',
    'bcrypt$10$abc',
    // Costs no release writes, which a corrupted row could use to ask for gigabytes or hours.
    '$argon2id$v=19$m=4194304,t=2,p=1$c2FsdHNhbHRzYWx0$QTsM5AfSaX3APc4rXJTsgRpYVDSmtRA3zYOBXcwU1FU',
    '$argon2id$v=19$m=19456,t=999,p=1$c2FsdHNhbHRzYWx0$QTsM5AfSaX3APc4rXJTsgRpYVDSmtRA3zYOBXcwU1FU',
    // argon2i and argon2d are not what is stored.
    '$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$QTsM5AfSaX3APc4rXJTsgRpYVDSmtRA3zYOBXcwU1FU',
  ])('never matches the malformed stored value %j', async (stored) => {
    expect(await verifyPassword('anything', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
  });

  it('never matches, and does not throw, when the stored salt cannot be decoded', async () => {
    const undecodable =
      '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzY$QTsM5AfSaX3APc4rXJTsgRpYVDSmtRA3zYOBXcwU1FU';
    expect(await verifyPassword('anything', undecodable)).toBe(false);
  });
});
