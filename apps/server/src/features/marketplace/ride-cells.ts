import type { Executor } from '../../db/database.js';
import { AHEAD_LAYOUT, type MaskLayout } from './ahead-masks.js';
import { routeCells } from './route-cells.js';

export interface CellPoint {
  lat: number | null;
  lng: number | null;
  at: number;
  departure_date: string;
}

/**
 * One ride's rows of ride_cells: each cell its route crosses, on each date it is on the road there, with
 * the bits of the cells it crosses from there on (ahead-masks.ts) and of where in the cell it passes
 * (`near`, sub-cells.ts).
 */
export function cellRows(rideId: string, points: readonly CellPoint[], layout: MaskLayout = AHEAD_LAYOUT) {
  const cells = routeCells(points);
  const unlocatedAfter = (leg: number) =>
    points.some((p, i) => i > leg && (p.lat === null || p.lng === null));
  return cells.flatMap((c) => {
    // Where it may still be after first reaching this cell: the cells it is in at or after that time.
    const ahead = layout.masksOf(
      cells.filter((other) => other.until >= c.at).map((other) => other.cell),
      c.cell,
    );
    const days = new Set([
      points[c.firstLeg]!.departure_date,
      (points[c.lastLeg + 1] ?? points[c.lastLeg]!).departure_date,
    ]);
    return [...days].map((day) => ({
      cell: c.cell,
      day,
      ride_id: rideId,
      first_leg: c.firstLeg,
      last_leg: c.lastLeg,
      at: c.at,
      ahead_fine: ahead.fine,
      ahead_coarse: unlocatedAfter(c.firstLeg) ? ahead.coarse + layout.unlocated : ahead.coarse,
      near: c.near,
      leaves_at: c.until,
    }));
  });
}

/** A point as stored in ride_points (the database may hand numbers back as text). */
export interface StoredCellPoint {
  ride_id: string;
  lat: number | string | null;
  lng: number | string | null;
  at: number | string;
  departure_date: string;
}

/** The cell rows of many rides from their stored points, read in order of ride and index. */
export function cellRowsOfStored(points: readonly StoredCellPoint[], layout: MaskLayout = AHEAD_LAYOUT) {
  const byRide = new Map<string, CellPoint[]>();
  for (const p of points) {
    const list = byRide.get(p.ride_id) ?? [];
    list.push({
      lat: p.lat === null ? null : Number(p.lat),
      lng: p.lng === null ? null : Number(p.lng),
      at: Number(p.at),
      departure_date: p.departure_date,
    });
    byRide.set(p.ride_id, list);
  }
  return [...byRide].flatMap(([id, ps]) => cellRows(id, ps, layout));
}

/**
 * A ride's route on the search grid (route-cells.ts, decision 020), rewritten in the unit of work that
 * offers or edits the ride, so search never sees a ride without its cells or with its old route.
 */
export async function writeRideCells(
  tx: Executor,
  rideId: string,
  points: readonly CellPoint[],
): Promise<void> {
  await deleteRideCells(tx, rideId);
  const rows = cellRows(rideId, points);
  for (let i = 0; i < rows.length; i += 500) {
    await tx
      .insertInto('ride_cells')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

/** A ride that can no longer be found (deleted, cancelled) leaves the grid. */
export async function deleteRideCells(tx: Executor, rideId: string): Promise<void> {
  await tx.deleteFrom('ride_cells').where('ride_id', '=', rideId).execute();
}
