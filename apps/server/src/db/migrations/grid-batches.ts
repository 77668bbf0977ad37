import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.js';
import type { MaskLayout } from '../../features/marketplace/ahead-masks.js';
import { cellRowsOfStored } from '../../features/marketplace/ride-cells.js';

type CellRow = ReturnType<typeof cellRowsOfStored>[number];

/**
 * For migrations that draw the search grid again: every ride that has rows in ride_cells, a thousand at a
 * time, with the rows its stored points give now (marketplace/ride-cells.ts). `write` puts them where
 * the migration wants them, with the masks of `layout`: the one the code of the migration's time reads.
 */
export async function forEachRideOnTheGrid(
  db: Kysely<any>,
  write: (rideIds: string[], rows: CellRow[]) => Promise<void>,
  layout: MaskLayout,
): Promise<void> {
  let after = '';
  for (;;) {
    const rides = (
      await db
        .selectFrom('ride_cells')
        .select('ride_id')
        .distinct()
        .where('ride_id', '>', after)
        .orderBy('ride_id')
        .limit(1000)
        .execute()
    ).map((r) => r.ride_id as string);
    if (rides.length === 0) return;
    after = rides[rides.length - 1]!;
    const points = await db
      .selectFrom('ride_points')
      .select(['ride_id', 'lat', 'lng', 'at', 'departure_date'])
      .where('ride_id', 'in', rides)
      .orderBy('ride_id')
      .orderBy('idx')
      .execute();
    await write(rides, cellRowsOfStored(points, layout));
  }
}

/** Inserts rows 500 at a time (well below both databases' limits on bound values). */
export async function insertCellRows(db: Kysely<any>, table: string, rows: readonly object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 500))
      .execute();
}

/** Every ride on the grid is drawn again in place from its points, with the masks of `layout`. */
export async function drawGridAgain(db: Kysely<any>, layout: MaskLayout): Promise<void> {
  await forEachRideOnTheGrid(
    db,
    async (rides, rows) => {
      await db.deleteFrom('ride_cells').where('ride_id', 'in', rides).execute();
      // The migrations that draw so (0013, 0016) come before the grid had leaves_at (0024).
      await insertCellRows(
        db,
        'ride_cells',
        rows.map(({ leaves_at: _, ...row }) => row),
      );
    },
    layout,
  );
}

/**
 * Every grid row's masks drawn again in `layout`. Rides are read in order of id, as they are stored, and
 * their rows' masks appended to a table of their own; one statement then writes them into the grid in
 * the order of its key, so each page of the grid is written once, and no index but the key is touched.
 * Rows deleted and inserted again ride by ride, as `drawGridAgain` does, or even only their masks
 * written ride by ride, went through SQLite's 2 MB page cache at random: for a million rides, 45 GB
 * written or 100 GB read in 3 minutes, a fraction of the way (decision 034).
 */
export async function drawMasksAgain(db: Kysely<any>, layout: MaskLayout): Promise<void> {
  const columns = { ahead_fine: (r: CellRow) => r.ahead_fine, ahead_coarse: (r: CellRow) => r.ahead_coarse };
  const written = await drawColumnsAgain(db, layout, columns);
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ride_cells`.execute(db);
  if (written < Number(rows[0]!.n)) await passEverywhere(db, layout);
  await sql`drop table drawn_rows`.execute(db);
}

/** Every grid row's `leaves_at` drawn from its ride's points (migration 0024); a stray row keeps its own. */
export async function drawLeavesAgain(db: Kysely<any>, layout: MaskLayout): Promise<void> {
  await drawColumnsAgain(db, layout, { leaves_at: (r) => r.leaves_at });
  await sql`drop table drawn_rows`.execute(db);
}

/**
 * Some columns of every grid row drawn again, as drawMasksAgain tells, through the table drawn_rows (left
 * for the caller to drop); the number of grid rows written.
 */
async function drawColumnsAgain(
  db: Kysely<any>,
  layout: MaskLayout,
  columns: Record<string, (r: CellRow) => number>,
): Promise<number> {
  const names = Object.keys(columns);
  await sql`create temporary table drawn_rows (cell integer not null, day text not null,
    at bigint not null, ride_id text not null, ${sql.raw(names.map((n) => `${n} bigint not null`).join(', '))})`.execute(
    db,
  );
  await forEachRideOnTheGrid(
    db,
    (_rides, rows) =>
      insertCellRows(
        db,
        'drawn_rows',
        rows.map((r) => ({ ...keyOf(r), ...Object.fromEntries(names.map((n) => [n, columns[n]!(r)])) })),
      ),
    layout,
  );
  // PostgreSQL would hash the grid in batches on disk, which writes the rows (and their key, which
  // carries the masks) in no order: 8 minutes and not done for a million rides. Merged in key order, 4.
  if (isPostgres(db)) await sql`set local enable_hashjoin = off`.execute(db);
  const written = await sql`update ride_cells set ${sql.raw(names.map((n) => `${n} = m.${n}`).join(', '))}
    from (select * from drawn_rows order by cell, day, at, ride_id) m
    where ride_cells.cell = m.cell and ride_cells.day = m.day and ride_cells.at = m.at
      and ride_cells.ride_id = m.ride_id`.execute(db);
  if (isPostgres(db)) await sql`reset enable_hashjoin`.execute(db);
  return Number(written.numAffectedRows);
}

const keyOf = (r: CellRow) => ({ cell: r.cell, day: r.day, at: r.at, ride_id: r.ride_id });

/**
 * A row its ride's points no longer give (none should: every change of the grid drew it again) is read
 * by every search, as one before a point without coordinates is.
 */
async function passEverywhere(db: Kysely<any>, layout: MaskLayout): Promise<void> {
  await sql`create index drawn_rows_key on drawn_rows (cell, day, at, ride_id)`.execute(db);
  await sql`update ride_cells set ahead_fine = 0, ahead_coarse = ${layout.unlocated}
    where not exists (select 1 from drawn_rows m where m.cell = ride_cells.cell
      and m.day = ride_cells.day and m.at = ride_cells.at and m.ride_id = ride_cells.ride_id)`.execute(db);
}
