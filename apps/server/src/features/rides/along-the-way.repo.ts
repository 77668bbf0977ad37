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
    .select(['ride_id', 'first_leg as leg'])
    .where('cell', 'in', q.fromCells.length ? [...q.fromCells] : [-1])
    .where('day', 'in', [...q.dates]);
  const byName = db
    .selectFrom('ride_points')
    .select(['ride_id', 'idx as leg'])
    .where('place_id', 'in', q.fromPlaceIds.length ? [...q.fromPlaceIds] : [''])
    .where('departure_date', 'in', [...q.dates]);
  return db
    .selectFrom(byCell.unionAll(byName).as('f'))
    .select('f.ride_id')
    .distinct()
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
    );
}

export async function candidateRideIds(db: Executor, q: CandidateQuery): Promise<string[]> {
  if (!(q.fromCells.length || q.fromPlaceIds.length) || !(q.toCells.length || q.toPlaceIds.length)) return [];
  return (await candidatesQuery(db, q).execute()).map((r) => r.ride_id);
}
