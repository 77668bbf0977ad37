import {
  ACCOUNT_ERR,
  DEFAULT_LOCATION,
  ERR,
  type loginBody,
  type registerBody,
  type resetPasswordBody,
} from '@saathchalo/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { badRequest, conflict, unauthorized } from '../../lib/errors.js';
import { hashSecret, newId, newSecret } from '../../lib/ids.js';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../lib/password.js';
import { enqueueMail, resetPasswordMail, verificationMail } from '../mail/index.js';
import {
  emailTaken,
  findCredentials,
  findUserById,
  insertUser,
  markEmailVerified,
  setPasswordHash,
  presentUser,
  type UserRecord,
} from '../users/index.js';
import {
  consumeEmailToken,
  insertEmailToken,
  purgeExpiredEmailTokens,
  retireEmailTokens,
} from './email-tokens.repo.js';
import { openPair, REFRESH_GRACE_MS, sealPair } from './refresh-grace.js';
import type { SignInGuard } from './sign-in-guard.js';
import { openSession, REFRESH_TOKEN_TTL_MS, type TokenPair } from './session-tokens.js';
import {
  extendSession,
  findRefreshToken,
  insertRefreshToken,
  type RefreshTokenState,
  retireRefreshToken,
  revokeAllSessions,
  revokeSession,
} from './sessions.repo.js';
import { isUniqueViolation } from '../../lib/unique-violation.js';

const VERIFY_TOKEN_TTL_MS = 24 * 3_600_000;
const RESET_TOKEN_TTL_MS = 3_600_000;

type RegisterInput = z.output<typeof registerBody>;
type LoginInput = z.output<typeof loginBody>;
type ResetInput = z.output<typeof resetPasswordBody>;
type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'jwt' | 'unitOfWork' | 'sessionLiveness'>;

/** Two sign-ups with one address at once: the second is refused by the users' unique e-mail. */
const isEmailTaken = (err: unknown) =>
  isUniqueViolation(err, { name: 'users_email_key', columns: 'users.email' });

export async function register(deps: Deps, input: RegisterInput) {
  const { db, clock, config } = deps;
  if (await emailTaken(db, input.email)) throw conflict(ERR.emailExists);
  // Hashing takes ~80 ms of a worker thread; it happens before the transaction so no lock is held meanwhile.
  const passwordHash = await hashPassword(input.password);
  const now = clock.now();
  const userId = newId();
  const verifyToken = newSecret();
  try {
    const tokens = await deps.unitOfWork(async (trx) => {
      await insertUser(
        trx,
        {
          id: userId,
          email: input.email,
          firstName: input.firstName,
          lastName: input.lastName,
          phone: input.phone,
          location: input.location ?? DEFAULT_LOCATION,
          passwordHash,
        },
        now,
      );
      await insertEmailToken(
        trx,
        {
          tokenHash: hashSecret(verifyToken),
          userId,
          purpose: 'verify',
          expiresAt: now + VERIFY_TOKEN_TTL_MS,
        },
        now,
      );
      await enqueueMail(
        trx,
        verificationMail(config.appUrl, { email: input.email, firstName: input.firstName }, verifyToken),
        now,
      );
      return openSession(trx, deps, userId, now);
    });
    return withUser(await mustFindUser(deps, userId), tokens);
  } catch (err) {
    if (isEmailTaken(err)) throw conflict(ERR.emailExists);
    throw err;
  }
}

/** Checks the password; the route has asked the guard first whether this address may be tried from `ip`. */
export async function login(deps: Deps, guard: SignInGuard, input: LoginInput, ip: string) {
  const { db, clock } = deps;
  const found = await findCredentials(db, input.email);
  // An unknown address costs one hash too, so timing does not tell which addresses have accounts.
  const valid = await verifyPassword(input.password, found?.passwordHash ?? (await dummyPasswordHash()));
  if (!found || !valid) {
    await guard.failed(input.email, ip, found?.user);
    throw unauthorized(ERR.invalidCredentials);
  }
  const now = clock.now();
  const rehashed = needsRehash(found.passwordHash) ? await hashPassword(input.password) : null;
  const tokens = await deps.unitOfWork(async (trx) => {
    if (rehashed) await setPasswordHash(trx, found.user.id, rehashed, now);
    await guard.succeeded(trx, found.user.id, ip, now);
    return openSession(trx, deps, found.user.id, now);
  });
  return withUser(found.user, tokens);
}

export async function logout(deps: Deps, sessionId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.unitOfWork((trx) => revokeSession(trx, deps.sessionLiveness, sessionId, now));
}

/** The session a presented refresh token belongs to, if it is live; used by logout without an access token. */
export async function sessionOfRefreshToken(deps: Deps, refreshToken: string): Promise<string | undefined> {
  const state = await findRefreshToken(deps.db, hashSecret(refreshToken));
  return state && state.retiredAt === null ? state.sessionId : undefined;
}

/**
 * Rotation with reuse detection: every refresh retires the presented token and issues a new one.
 * A retired token seen again means it was copied, so the whole session ends for both holders, unless
 * it comes back within the grace window before its successor was used: then it is two tabs or a retry,
 * and it gets the same pair again (refresh-grace.ts).
 */
export async function refresh(deps: Deps, refreshToken: string): Promise<TokenPair> {
  const { db, clock, jwt } = deps;
  const now = clock.now();
  const tokenHash = hashSecret(refreshToken);
  const state = await findRefreshToken(db, tokenHash);
  if (!isLive(state, now)) throw unauthorized(ACCOUNT_ERR.refreshTokenInvalid);
  if (state.retiredAt !== null) return replayed(deps, state, refreshToken, now);
  const pair = {
    token: await jwt.sign({ userId: state.userId, sessionId: state.sessionId }, now),
    refreshToken: newSecret(),
  };
  const rotated = await deps.unitOfWork(async (trx) => {
    const retired = await retireRefreshToken(
      trx,
      { tokenHash, sessionId: state.sessionId, successor: sealPair(refreshToken, pair) },
      now,
    );
    if (!retired) return false;
    await insertRefreshToken(
      trx,
      {
        tokenHash: hashSecret(pair.refreshToken),
        sessionId: state.sessionId,
        expiresAt: now + REFRESH_TOKEN_TTL_MS,
      },
      now,
    );
    await extendSession(trx, state.sessionId, now + REFRESH_TOKEN_TTL_MS);
    return true;
  });
  if (rotated) return pair;
  // Another request retired the same token a moment ago: its pair, read now that it has committed.
  const after = await findRefreshToken(db, tokenHash);
  if (!isLive(after, now)) throw unauthorized(ACCOUNT_ERR.refreshTokenInvalid);
  return replayed(deps, after, refreshToken, now);
}

function isLive(state: RefreshTokenState | undefined, now: number): state is RefreshTokenState {
  return (
    state !== undefined &&
    state.sessionRevokedAt === null &&
    !state.userDeleted &&
    state.sessionExpiresAt > now &&
    state.expiresAt > now
  );
}

/** A retired token presented again: the same pair within the grace window, else the session ends. */
async function replayed(deps: Deps, state: RefreshTokenState, refreshToken: string, now: number) {
  const inGrace = state.retiredAt !== null && now - state.retiredAt <= REFRESH_GRACE_MS;
  const pair = inGrace && state.successor !== null ? openPair(refreshToken, state.successor) : null;
  if (pair) return pair;
  await deps.unitOfWork((trx) => revokeSession(trx, deps.sessionLiveness, state.sessionId, now));
  throw unauthorized(ACCOUNT_ERR.refreshTokenReused);
}

export async function verifyEmail(deps: Deps, token: string) {
  const { clock } = deps;
  const now = clock.now();
  const userId = await deps.unitOfWork(async (trx, after) => {
    const id = await consumeEmailToken(trx, hashSecret(token), 'verify', now);
    if (id) {
      await markEmailVerified(trx, id, now);
      // Search results show whether a driver's address is verified.
      after.driverChanged(id);
    }
    return id;
  });
  if (!userId) throw badRequest(ACCOUNT_ERR.verifyLinkInvalid);
  return presentUser(await mustFindUser(deps, userId));
}

/** Same answer whether or not the address has an account; only a known one gets a mail. */
export async function forgotPassword(deps: Deps, email: string): Promise<void> {
  const { db, clock, config } = deps;
  const found = await findCredentials(db, email);
  if (!found) return;
  const now = clock.now();
  const token = newSecret();
  await deps.unitOfWork(async (trx) => {
    await purgeExpiredEmailTokens(trx, found.user.id, now);
    await insertEmailToken(
      trx,
      {
        tokenHash: hashSecret(token),
        userId: found.user.id,
        purpose: 'reset',
        expiresAt: now + RESET_TOKEN_TTL_MS,
      },
      now,
    );
    await enqueueMail(trx, resetPasswordMail(config.appUrl, found.user, token), now);
  });
}

/**
 * A reset proves control of the mailbox: it verifies the address, signs the user out everywhere, and
 * makes the network it came from known (decision 015).
 */
export async function resetPassword(
  deps: Deps,
  guard: SignInGuard,
  input: ResetInput,
  ip: string,
): Promise<void> {
  const { clock } = deps;
  const passwordHash = await hashPassword(input.newPassword);
  const now = clock.now();
  const done = await deps.unitOfWork(async (trx) => {
    const userId = await consumeEmailToken(trx, hashSecret(input.token), 'reset', now);
    if (!userId) return false;
    await setPasswordHash(trx, userId, passwordHash, now);
    await markEmailVerified(trx, userId, now);
    await retireEmailTokens(trx, userId, 'reset', now);
    await revokeAllSessions(trx, deps.sessionLiveness, userId, now);
    await guard.succeeded(trx, userId, ip, now);
    return true;
  });
  if (!done) throw badRequest(ACCOUNT_ERR.resetLinkInvalid);
}

async function mustFindUser(deps: Deps, userId: string): Promise<UserRecord> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized(ERR.authRequired);
  return user;
}

const withUser = (user: UserRecord, tokens: TokenPair) => ({ user: presentUser(user), ...tokens });
