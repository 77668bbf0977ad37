import type { z } from 'zod';
import { ERR, type BlockedUser, type Report, type reportBody } from '@saathchalo/shared';
import type { AppDeps } from '../../app-deps.js';
import { isoOf } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { enqueueMail } from '../mail/index.js';
import { cancelWhatPairShares } from './block-bookings.js';
import {
  deleteBlock,
  findPerson,
  insertBlock,
  insertReport,
  listBlocked,
  lockLiveUsers,
  reportsFiledSince,
} from './blocks.repo.js';
import { TooSoon } from './phone-verification.service.js';
import { reportMail } from './report-mail.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'unitOfWork' | 'blocks'>;
type ReportInput = z.output<typeof reportBody>;

const HOUR = 3_600_000;
/** Reports one account may file per hour: enough for a bad trip with several people, not for a flood. */
export const REPORTS_PER_HOUR = 5;

async function requireOther(deps: Deps, userId: string, otherId: string, selfError: string) {
  if (otherId === userId) throw badRequest(selfError);
  const other = await findPerson(deps.db, otherId);
  if (!other) throw notFound(ERR.userNotFound);
  return other;
}

/**
 * Blocks another user, and cancels what the pair share ahead (block-bookings.ts). No search page needs
 * voiding for the block itself: a user in any blocked pair is searched with their own page key, which
 * names the people on the other side (search.service.ts); only the pair's remembered counterparts are
 * forgotten once the block is committed.
 */
export async function block(deps: Deps, userId: string, otherId: string): Promise<void> {
  await requireOther(deps, userId, otherId, ERR.blockSelf);
  const now = deps.clock.now();
  await deps.unitOfWork(async (trx, after) => {
    await cancelWhatPairShares(deps, trx, after, { blockerId: userId, blockedId: otherId }, now);
    // The users' rows last (decision 005): an account deletion's erase takes them after its commute and
    // ride locks; taken first, a block waiting for those locks and a deletion waiting for the user row
    // deadlocked on PostgreSQL. Both accounts are checked again under those locks: one deleted since the
    // check above (its blocks erased with it) would otherwise be named by the row written here.
    if (!(await lockLiveUsers(trx, [userId, otherId]))) throw notFound(ERR.userNotFound);
    await insertBlock(trx, userId, otherId, now);
    after.then(async () => deps.blocks.forget(userId, otherId));
  });
}

export async function unblock(deps: Deps, userId: string, otherId: string): Promise<void> {
  await deps.unitOfWork(async (trx, after) => {
    await deleteBlock(trx, userId, otherId);
    after.then(async () => deps.blocks.forget(userId, otherId));
  });
}

export async function blockedBy(deps: Deps, userId: string): Promise<BlockedUser[]> {
  return (await listBlocked(deps.db, userId)).map((b) => ({
    id: b.id,
    name: b.name,
    firstName: b.firstName,
    profilePictureUrl: b.pictureFile ? `/uploads/${b.pictureFile}` : null,
    blockedAt: isoOf(b.blockedAt),
  }));
}

/** Keeps a report for moderation and mails it to SUPPORT_EMAIL through the outbox, in one transaction. */
export async function report(
  deps: Deps,
  userId: string,
  otherId: string,
  input: ReportInput,
): Promise<Report> {
  const reported = await requireOther(deps, userId, otherId, ERR.reportSelf);
  const reporter = await findPerson(deps.db, userId);
  if (!reporter) throw notFound(ERR.userNotFound);
  const now = deps.clock.now();
  const filed = await reportsFiledSince(deps.db, userId, now - HOUR);
  if (filed.count >= REPORTS_PER_HOUR) {
    throw new TooSoon(ERR.tooManyReports, Math.max(1, Math.ceil((filed.oldest! + HOUR - now) / 1000)));
  }
  const r = {
    id: newId(),
    reporterId: userId,
    reportedId: otherId,
    reason: input.reason,
    details: input.details,
  };
  await deps.unitOfWork(async (trx) => {
    await insertReport(trx, r, now);
    await enqueueMail(
      trx,
      reportMail(deps.config.appUrl, deps.config.supportEmail, r, reporter, reported),
      now,
    );
  });
  return { id: r.id, reportedUserId: otherId, reason: r.reason, details: r.details, createdAt: isoOf(now) };
}
