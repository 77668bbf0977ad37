import type { Executor } from '../../db/database.js';
import { newId } from '../../lib/ids.js';

export interface PhoneCode {
  phone: string;
  codeHash: string;
  expiresAt: number;
  tries: number;
}

/** Replaces the user's code with a new one (tries back to 0) and counts the send. */
export async function saveCode(
  db: Executor,
  userId: string,
  code: { phone: string; codeHash: string; expiresAt: number },
  nowMs: number,
): Promise<void> {
  await db.deleteFrom('phone_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('phone_codes')
    .values({
      user_id: userId,
      phone: code.phone,
      code_hash: code.codeHash,
      expires_at: code.expiresAt,
      tries: 0,
      created_at: nowMs,
    })
    .execute();
  await db
    .insertInto('phone_code_sends')
    .values({ id: newId(), user_id: userId, phone: code.phone, created_at: nowMs })
    .execute();
}

export async function findCode(db: Executor, userId: string): Promise<PhoneCode | undefined> {
  const row = await db
    .selectFrom('phone_codes')
    .select(['phone', 'code_hash', 'expires_at', 'tries'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row
    ? { phone: row.phone, codeHash: row.code_hash, expiresAt: Number(row.expires_at), tries: row.tries }
    : undefined;
}

/**
 * Spends one try of this very code, in one conditional statement: concurrent guesses cannot spend more
 * tries than there are. Answers the tries spent so far, or null when none was left (or the code was
 * replaced meanwhile).
 */
export async function spendTry(
  db: Executor,
  userId: string,
  codeHash: string,
  maxTries: number,
): Promise<number | null> {
  const row = await db
    .updateTable('phone_codes')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('tries', '<', maxTries)
    .returning('tries')
    .executeTakeFirst();
  return row ? row.tries : null;
}

export async function deleteCode(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('phone_codes').where('user_id', '=', userId).execute();
}

/** Codes sent since a moment, to a user or to a number: the count and the latest and oldest of them. */
export async function sendsSince(db: Executor, by: { userId: string } | { phone: string }, sinceMs: number) {
  const row = await db
    .selectFrom('phone_code_sends')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.min('created_at').as('oldest'),
      eb.fn.max('created_at').as('latest'),
    ])
    .$if('userId' in by, (q) => q.where('user_id', '=', (by as { userId: string }).userId))
    .$if('phone' in by, (q) => q.where('phone', '=', (by as { phone: string }).phone))
    .where('created_at', '>=', sinceMs)
    .executeTakeFirst();
  return {
    count: Number(row?.n ?? 0),
    oldest: row?.oldest == null ? null : Number(row.oldest),
    latest: row?.latest == null ? null : Number(row.latest),
  };
}
