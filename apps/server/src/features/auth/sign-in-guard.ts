import { createHmac } from 'node:crypto';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { LIMITS, type KeyedLimiter } from '../../plugins/rate-limit.js';
import { enqueueMail, hammeredAccountMail } from '../mail/index.js';
import { clientNetwork } from './client-network.js';
import { isKnownSignInIp, rememberSignInIp } from './sign-in-ips.repo.js';

/** How long a network an account signed in from counts as the owner's (decision 015). */
const KNOWN_SIGN_IN_IP_MS = 30 * 86_400_000;

/**
 * Failed sign-ins, counted so that a stranger cannot lock the owner out (decision 015): per address and
 * network, tight; per address across all networks, a looser ceiling that holds only networks the
 * account has not signed in from lately, so a distributed attack is slowed and the owner is not denied.
 */
export interface SignInGuard {
  /** Seconds until this address may be tried from this network again, or null. Counts nothing. */
  heldFor(email: string, ip: string): Promise<number | null>;
  /** Counts a failure; the owner of a known address is mailed once per window when it is hammered. */
  failed(email: string, ip: string, owner: { email: string; firstName: string } | undefined): Promise<void>;
  /**
   * Remembers the network as the owner's, inside the transaction of a sign-in or of a password reset
   * (control of the mailbox): an owner on a new network during an attack gets in by resetting.
   */
  succeeded(db: Executor, userId: string, ip: string, nowMs: number): Promise<void>;
}

export function createSignInGuard(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'unitOfWork'>,
  limiters: { perAddressAndIp: KeyedLimiter; perAddress: KeyedLimiter },
): SignInGuard {
  const { db, clock, config } = deps;
  const pairKey = (email: string, ip: string) => `${email}|${clientNetwork(ip)}`;
  // Keyed with the server's secret: an unkeyed hash of an IPv4 address is undone by trying all 2^32.
  const ipKey = (ip: string) =>
    createHmac('sha256', config.jwtSecret).update(clientNetwork(ip)).digest('base64url');

  return {
    async heldFor(email, ip) {
      const pair = await limiters.perAddressAndIp.blockedFor(pairKey(email, ip));
      if (pair !== null) return pair;
      const address = await limiters.perAddress.blockedFor(email);
      if (address === null) return null;
      const known = await isKnownSignInIp(db, email, ipKey(ip), clock.now() - KNOWN_SIGN_IN_IP_MS);
      return known ? null : address;
    },
    async failed(email, ip, owner) {
      await limiters.perAddressAndIp.hit(pairKey(email, ip));
      const failures = await limiters.perAddress.hit(email);
      // The count passes this number once per window, however many requests race past it.
      if (owner && failures === LIMITS.hammeredMailAfter) {
        const now = clock.now();
        await deps.unitOfWork((tx) => enqueueMail(tx, hammeredAccountMail(config.appUrl, owner), now));
      }
    },
    async succeeded(trx, userId, ip, nowMs) {
      await rememberSignInIp(trx, userId, ipKey(ip), nowMs, nowMs - KNOWN_SIGN_IN_IP_MS);
    },
  };
}
