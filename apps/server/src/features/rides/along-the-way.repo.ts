import type { Executor } from '../../db/database.js';

/** What the grid is asked: the cells near each searched place and the places its name matches. */
export interface CandidateQuery {
  fromCells: readonly number[];
  fromPlaceIds: readonly string[];
  toCells: readonly number[];
  toPlaceIds: readonly string[];
  dates: readonly string[];
}

/**
 * Rides that may pass near `from` on the date and later near `to`: an index lookup on both sides
 * (decision 020). The `from` side reads ride_cells by its primary key (cell, day) and ride_points by
 * ride_points_place (place, date); for each, the `to` side is probed by ride (ride_cells_ride, the
 * points' key). Loose on purpose: exact distances, order and seats are route-match.ts's.
 */
export function candidatesQuery(db: Executor, q: CandidateQuery) {
  const byCell = db
    .selectFrom('ride_cells')
    .select(['ride_id', 'first_leg as leg', 'at'])
    .where('cell', 'in', q.fromCells.length ? [...q.fromCells] : [-1])
    .where('day', 'in', [...q.dates]);
  const byName = db
    .selectFrom('ride_points')
    .select(['ride_id', 'idx as leg', 'at'])
    .where('place_id', 'in', q.fromPlaceIds.length ? [...q.fromPlaceIds] : [''])
    .where('departure_date', 'in', [...q.dates]);
  return db
    .selectFrom(byCell.unionAll(byName).as('f'))
    .select((eb) => ['f.ride_id', eb.fn.min('f.at').as('at')])
    .where((eb) =>
      eb.or([
        eb.exists(
          eb
            .selectFrom('ride_cells as t')
            .select('t.ride_id')
            .whereRef('t.ride_id', '=', 'f.ride_id')
            .where('t.cell', 'in', q.toCells.length ? [...q.toCells] : [-1])
            .whereRef('t.last_leg', '>=', 'f.leg'),
        ),
        eb.exists(
          eb
            .selectFrom('ride_points as t')
            .select('t.ride_id')
            .whereRef('t.ride_id', '=', 'f.ride_id')
            .where('t.place_id', 'in', q.toPlaceIds.length ? [...q.toPlaceIds] : [''])
            .whereRef('t.idx', '>', 'f.leg'),
        ),
      ]),
    )
    .groupBy('f.ride_id');
}

/**
 * The candidates, soonest first by when each first reaches the boarding area (never later than its
 * boarding there: ride_cells.at, ride_points.at), so a page can stop reading once past its last ride.
 */
export async function candidateRides(
  db: Executor,
  q: CandidateQuery,
): Promise<{ rideId: string; at: number }[]> {
  if (!(q.fromCells.length || q.fromPlaceIds.length) || !(q.toCells.length || q.toPlaceIds.length)) return [];
  const rows = await candidatesQuery(db, q).execute();
  return rows
    .map((r) => ({ rideId: r.ride_id, at: Number(r.at) }))
    .sort((a, b) => a.at - b.at || (a.rideId < b.rideId ? -1 : 1));
}
