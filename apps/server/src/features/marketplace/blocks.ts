import type { Executor } from '../../db/database.js';

/**
 * Whether a user is in any blocked pair, either side (section 9): when not, search needs no NOT EXISTS
 * and their pages are the pages everyone shares. Two primary-key or index look-ups.
 */
export async function inAnyBlock(db: Executor, userId: string): Promise<boolean> {
  if (!userId) return false;
  const row = await db
    .selectFrom('user_blocks')
    .select('blocker_id')
    .where('blocker_id', '=', userId)
    .unionAll(db.selectFrom('user_blocks').select('blocker_id').where('blocked_id', '=', userId))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
