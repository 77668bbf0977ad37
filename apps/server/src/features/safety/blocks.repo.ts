import type { ReportReason } from '@saathchalo/shared';
import type { Executor } from '../../db/database.js';
import { fullName } from '../../lib/user-display.js';

/** A live user by id, with what a block list or a report mail shows of them. */
export async function findPerson(db: Executor, id: string) {
  const row = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'phone', 'picture_file'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        firstName: row.first_name,
        name: fullName(row.first_name, row.last_name),
        email: row.email,
        phone: row.phone,
        pictureFile: row.picture_file,
      }
    : undefined;
}

export type Person = NonNullable<Awaited<ReturnType<typeof findPerson>>>;

/** The commutes either of a pair drives. */
export async function commutesDrivenBy(db: Executor, a: string, b: string): Promise<string[]> {
  const rows = await db.selectFrom('commutes').select('id').where('driver_id', 'in', [a, b]).execute();
  return rows.map((r) => r.id);
}

/**
 * The rides either of a pair drives that have not departed, active: those a booking between them could
 * still be made on (through rides_driver). A block locks them before it reads the pair's bookings.
 */
export async function ridesAheadDrivenBy(db: Executor, a: string, b: string, nowMs: number) {
  const rows = await ridesAheadDrivenByQuery(db, a, b, nowMs).execute();
  return rows.map((r) => r.id);
}

/** The read of ridesAheadDrivenBy, apart so its plan can be tested (driver-bookings-plan.test.ts). */
export function ridesAheadDrivenByQuery(db: Executor, a: string, b: string, nowMs: number) {
  return db
    .selectFrom('rides')
    .select('id')
    .where('driver_id', 'in', [a, b])
    .where('status', '=', 'ACTIVE')
    .where('deleted_at', 'is', null)
    .where('departure_at', '>', nowMs);
}

/**
 * Takes the row lock of each user, in id order, while their account is live; answers false (and stops)
 * at one deleted. On PostgreSQL a deletion erasing the row at that moment is waited for, and the row is
 * then read as it left it; one that erases later waits for this transaction.
 */
export async function lockLiveUsers(db: Executor, ids: readonly string[]): Promise<boolean> {
  for (const id of [...new Set(ids)].sort()) {
    const res = await db
      .updateTable('users')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) return false;
  }
  return true;
}

/** Blocks once; blocking again keeps the first time. */
export async function insertBlock(db: Executor, blockerId: string, blockedId: string, nowMs: number) {
  await db
    .insertInto('user_blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: nowMs })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute();
}

export async function deleteBlock(db: Executor, blockerId: string, blockedId: string): Promise<void> {
  await db
    .deleteFrom('user_blocks')
    .where('blocker_id', '=', blockerId)
    .where('blocked_id', '=', blockedId)
    .execute();
}

/** The live users someone blocked, latest first. */
export async function listBlocked(db: Executor, blockerId: string) {
  const rows = await db
    .selectFrom('user_blocks as k')
    .innerJoin('users as u', 'u.id', 'k.blocked_id')
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.picture_file', 'k.created_at'])
    .where('k.blocker_id', '=', blockerId)
    .where('u.deleted_at', 'is', null)
    .orderBy('k.created_at', 'desc')
    .orderBy('u.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    firstName: r.first_name,
    name: fullName(r.first_name, r.last_name),
    pictureFile: r.picture_file,
    blockedAt: Number(r.created_at),
  }));
}

export interface NewReport {
  id: string;
  reporterId: string;
  reportedId: string;
  reason: ReportReason;
  details: string | null;
}

export async function insertReport(db: Executor, r: NewReport, nowMs: number): Promise<void> {
  await db
    .insertInto('user_reports')
    .values({
      id: r.id,
      reporter_id: r.reporterId,
      reported_id: r.reportedId,
      reason: r.reason,
      details: r.details,
      created_at: nowMs,
    })
    .execute();
}

/** Reports someone filed since a moment, and the oldest of them (when the window frees a place). */
export async function reportsFiledSince(db: Executor, reporterId: string, sinceMs: number) {
  const row = await db
    .selectFrom('user_reports')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('reporter_id', '=', reporterId)
    .where('created_at', '>=', sinceMs)
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), oldest: row?.oldest == null ? null : Number(row.oldest) };
}
