import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  COUNTRY_CODE,
  ERR,
  PHONE_CODE_MAX_TRIES,
  PHONE_CODE_RESEND_SECONDS,
  PHONE_CODE_TTL_MINUTES,
  type PhoneCodeSent,
  type User,
} from '@saathchalo/shared';
import type { AppDeps } from '../../app-deps.js';
import { isoOf } from '../../lib/clock.js';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors.js';
import { findUserById, markPhoneVerified, presentUser } from '../users/index.js';
import { deleteCode, findCode, saveCode, sendsSince, spendTry } from './phone-codes.repo.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'unitOfWork' | 'sms'>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Codes one account may ask for, and codes one number may receive (from any account), per hour. */
export const CODES_PER_HOUR = { user: 5, phone: 5 } as const;

/** A 429 in the envelope, with when to try again. */
export class TooSoon extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

/**
 * The code's stored form: keyed with the server's secret and bound to the account and number, so a copy
 * of the table alone does not give the million candidates away to a quick search.
 */
function codeHash(deps: Deps, userId: string, phone: string, code: string): string {
  return createHmac('sha256', deps.config.jwtSecret).update(`${userId}:${phone}:${code}`).digest('base64url');
}

const secondsUntil = (atMs: number, nowMs: number) => Math.max(1, Math.ceil((atMs - nowMs) / 1000));

/** Why no code may be sent now and when one may (null: now): the resend minute, then the hourly limits. */
async function nextSend(deps: Deps, userId: string, phone: string, now: number) {
  const [mine, toNumber] = await Promise.all([
    sendsSince(deps.db, { userId }, now - HOUR),
    sendsSince(deps.db, { phone }, now - HOUR),
  ]);
  const resendAt = (mine.latest ?? -Infinity) + PHONE_CODE_RESEND_SECONDS * 1000;
  if (resendAt > now) return { error: ERR.phoneCodeTooSoon, at: resendAt };
  if (mine.count >= CODES_PER_HOUR.user) return { error: ERR.phoneCodeTooMany, at: mine.oldest! + HOUR };
  if (toNumber.count >= CODES_PER_HOUR.phone) {
    return { error: ERR.phoneCodeTooMany, at: toNumber.oldest! + HOUR };
  }
  return null;
}

async function assertMaySend(deps: Deps, userId: string, phone: string, now: number): Promise<void> {
  const wait = await nextSend(deps, userId, phone, now);
  if (wait) throw new TooSoon(wait.error, secondsUntil(wait.at, now));
}

/** Sends a new 6-digit code to the account's number; the previous one dies with it. */
export async function sendCode(deps: Deps, userId: string, log: FastifyBaseLogger): Promise<PhoneCodeSent> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized();
  if (user.phoneVerified) throw conflict(ERR.phoneAlreadyVerified);
  const now = deps.clock.now();
  await assertMaySend(deps, userId, user.phone, now);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = now + PHONE_CODE_TTL_MINUTES * MINUTE;
  // Saved (and counted) before it is sent: a gateway that fails still spends the send, so nobody can
  // make us retry a provider in a loop.
  await deps.unitOfWork(async (trx) => {
    await saveCode(
      trx,
      userId,
      { phone: user.phone, codeHash: codeHash(deps, userId, user.phone, code), expiresAt },
      now,
    );
  });
  const text = `${code} is your SaathChalo verification code. It expires in ${PHONE_CODE_TTL_MINUTES} minutes. Do not share it with anyone.`;
  try {
    await deps.sms.send({ to: `+${COUNTRY_CODE}${user.phone}`, text }, log);
  } catch (err) {
    log.warn({ err: err instanceof Error ? err.message : String(err) }, 'sms not sent');
    throw new AppError(502, ERR.smsFailed);
  }
  return { expiresAt: isoOf(expiresAt), resendAt: isoOf(now + PHONE_CODE_RESEND_SECONDS * 1000) };
}

/** Checks a code: right, the number is verified; wrong, one of its 5 tries is spent. */
export async function confirmCode(deps: Deps, userId: string, code: string): Promise<User> {
  const now = deps.clock.now();
  const saved = await findCode(deps.db, userId);
  if (!saved || saved.expiresAt <= now) throw badRequest(ERR.phoneCodeExpired);
  const result = await deps.unitOfWork(async (trx, after) => {
    const tries = await spendTry(trx, userId, saved.codeHash, PHONE_CODE_MAX_TRIES);
    if (tries === null) return 'locked' as const;
    const given = Buffer.from(codeHash(deps, userId, saved.phone, code));
    if (!timingSafeEqual(given, Buffer.from(saved.codeHash))) {
      return tries >= PHONE_CODE_MAX_TRIES ? ('locked' as const) : ('wrong' as const);
    }
    await deleteCode(trx, userId);
    // The number may have changed since the code was sent: then it is not the one verified.
    if (!(await markPhoneVerified(trx, userId, saved.phone, now))) return 'stale' as const;
    // Search results show whether a driver's number is verified.
    after.driverChanged(userId);
    return 'verified' as const;
  });
  if (result === 'locked') {
    // A 429 says when to try again (section 2): when a new code may be requested.
    const wait = await nextSend(deps, userId, saved.phone, now);
    throw new TooSoon(ERR.phoneCodeLocked, wait ? secondsUntil(wait.at, now) : 1);
  }
  if (result === 'wrong') throw badRequest(ERR.phoneCodeWrong);
  if (result === 'stale') throw badRequest(ERR.phoneCodeExpired);
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized();
  return presentUser(user);
}
