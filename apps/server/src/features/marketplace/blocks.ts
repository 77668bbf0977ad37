import type { Executor } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';

const counterpartsQuery = prepared((db: Executor, v: { userId: string }) =>
  db
    .selectFrom('user_blocks')
    .select('blocked_id as other')
    .where('blocker_id', '=', v.userId)
    .union(db.selectFrom('user_blocks').select('blocker_id as other').where('blocked_id', '=', v.userId)),
);

/**
 * The people on the other side of a user's blocked pairs, either direction (section 9), sorted. Empty for
 * almost everyone: their search needs no NOT EXISTS and their pages are the pages everyone shares. Two
 * look-ups, by user_blocks' primary key and by user_blocks_blocked, compiled once (it runs on every search).
 */
export async function blockCounterparts(db: Executor, userId: string): Promise<string[]> {
  if (!userId) return [];
  const { rows } = await counterpartsQuery(db, { userId });
  return rows.map((r) => r.other).sort();
}

/** Users remembered at most; past this the memory starts over (each entry is a few ids). */
const MAX_ENTRIES = 100_000;

/**
 * Each searcher's block counterparts, remembered per app so that a kept search page costs no statement
 * (a round trip to PostgreSQL cost about 250 µs per search, measured, decision 022). Blocks made by this
 * app are forgotten once committed; those of other processes show within `ttlMs` (the search pages' own
 * bound), or at once on SQLite, where another connection's write moves `externalVersion`.
 */
export class BlockCache {
  private readonly entries = new Map<string, { others: string[]; until: number; version: number }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly externalVersion?: () => number,
  ) {}

  async counterparts(db: Executor, userId: string, nowMs: number): Promise<string[]> {
    if (!userId) return [];
    const version = this.externalVersion?.() ?? 0;
    const kept = this.entries.get(userId);
    if (kept && kept.until > nowMs && kept.version === version) return kept.others;
    const generation = this.generation;
    const others = await blockCounterparts(db, userId);
    // A block committed while this was read must not be hidden behind what was read before it.
    if (generation === this.generation) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(userId, { others, until: nowMs + this.ttlMs, version });
    }
    return others;
  }

  forget(...userIds: string[]): void {
    this.generation += 1;
    for (const id of userIds) this.entries.delete(id);
  }
}

/**
 * Whether a driver's rides and commutes are hidden from a viewer because one of them blocked the other
 * (section 9): not in search, and not by id either (decision 033), where an old link would otherwise keep
 * showing the blocker's plans. The driver always sees their own.
 */
export async function hiddenByBlock(
  deps: { db: Executor; blocks: BlockCache; clock: { now(): number } },
  viewerId: string,
  driverId: string,
): Promise<boolean> {
  if (viewerId === driverId) return false;
  return (await deps.blocks.counterparts(deps.db, viewerId, deps.clock.now())).includes(driverId);
}
