import type { Executor } from '../../db/database.js';

/**
 * The people on the other side of a user's blocked pairs, either direction (section 9), sorted. Empty for
 * almost everyone: their search needs no NOT EXISTS and their pages are the pages everyone shares. Two
 * look-ups, by user_blocks' primary key and by user_blocks_blocked.
 */
export async function blockCounterparts(db: Executor, userId: string): Promise<string[]> {
  if (!userId) return [];
  const rows = await db
    .selectFrom('user_blocks')
    .select('blocked_id as other')
    .where('blocker_id', '=', userId)
    .union(db.selectFrom('user_blocks').select('blocker_id as other').where('blocked_id', '=', userId))
    .execute();
  return rows.map((r) => r.other).sort();
}
