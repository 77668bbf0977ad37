import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './password.js';

/** A hash in the stored format made with other parameters, as an older release would have written it. */
const legacyHash = (password: string, log2N: number) => {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 2 ** log2N, r: 8, p: 1 });
  return `scrypt$${log2N}$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
};

describe('password hashing', () => {
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

  it('still verifies hashes made with older parameters, and says they need upgrading', async () => {
    const old = legacyHash('old-but-good', 14);
    expect(await verifyPassword('old-but-good', old)).toBe(true);
    expect(needsRehash(old)).toBe(true);
  });

  it.each(['placeholder', '', '!', 'scrypt$40$8$1$c2FsdA$a2V5', 'scrypt$15$8$1$$', 'bcrypt$10$abc'])(
    'never matches the malformed stored value %j',
    async (stored) => {
      expect(await verifyPassword('anything', stored)).toBe(false);
      expect(needsRehash(stored)).toBe(true);
    },
  );
});
