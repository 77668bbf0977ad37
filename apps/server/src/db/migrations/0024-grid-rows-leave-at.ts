import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';
import { AHEAD_LAYOUT } from '../../features/marketplace/ahead-masks.js';
import { drawLeavesAgain } from './grid-batches.js';
import { inOneTransaction } from './one-transaction.js';

/** What a row its ride's points no longer give says of when its ride leaves: never before any search. */
export const LEAVES_SOMETIME = Number.MAX_SAFE_INTEGER;

const KEY = sql.raw('primary key (cell, day, at, ride_id)');

/**
 * `ride_cells.leaves_at`: the last time the ride is in the row's cell (route-cells.ts `until`), so a search
 * does not read the rides that left `from`'s area before the passenger may board: they reach it up to six
 * hours before a departure window, and were matched only to be refused (decision 037). Every row's value is
 * drawn from its ride's points as decision 034 drew the masks (grid-batches.ts); a row its points no longer
 * give keeps one that never leaves its ride out. PostgreSQL reads the grid from its key's index alone, so
 * the column joins what that index carries (made again).
 */
export const up = inOneTransaction(async (db) => {
  await sql`alter table ride_cells add column leaves_at bigint not null
    default ${sql.lit(LEAVES_SOMETIME)}`.execute(db);
  await drawLeavesAgain(db, AHEAD_LAYOUT);
  await carried(db, sql.raw('first_leg, ahead_fine, ahead_coarse, near, leaves_at'));
});

export const down = inOneTransaction(async (db) => {
  await carried(db, sql.raw('first_leg, ahead_fine, ahead_coarse, near'));
  await sql`alter table ride_cells drop column leaves_at`.execute(db);
});

async function carried(db: Kysely<any>, columns: ReturnType<typeof sql.raw>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table ride_cells drop constraint ride_cells_time_pk,
    add constraint ride_cells_time_pk ${KEY} include (${columns})`.execute(db);
}
