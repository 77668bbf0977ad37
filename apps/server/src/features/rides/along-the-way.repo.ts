import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import { isPostgres, type Executor } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { masksOf, UNLOCATED, type AheadMasks } from '../marketplace/ahead-masks.js';
import { pointsOfRides, toRidePoint, type RidePoint } from '../marketplace/ride-points.js';
import { ALL_NEAR } from '../marketplace/sub-cells.js';
import {
  factsRows,
  pgBoardingQuery,
  pgBoardingRows,
  pgCandidateRows,
  toFacts,
  type PgBoardingValues,
} from './along-the-way-statements.js';

/** What the grid is asked: the cells near each searched place and the places its name matches. */
export interface CandidateQuery {
  fromCells: readonly number[];
  /** For each of `fromCells`, the sub-cells where a ride read there must pass (marketplace/sub-cells.ts). */
  fromNear?: ReadonlyMap<number, number>;
  fromPlaceIds: readonly string[];
  /** The `from` places' points with coordinates are on the grid (its cells): read only the others by name. */
  fromUnplacedOnly?: boolean;
  toCells: readonly number[];
  toPlaceIds: readonly string[];
  /** `to` matched more places than are placed on the grid: its rides are found by name. */
  toByNameOnly?: boolean;
  dates: readonly string[];
  /** No row from this time on (UTC ms, departBefore): a ride reaches `from`'s area no later than it boards. */
  before?: number | undefined;
  /** No row whose ride leaves its cell before this (now, departAfter): one boards before leaving the cell. */
  boardsFrom?: number | undefined;
}

/** A boarding-side row read: a ride reaching the `from` area at `at`, and whether it may go on to `to`. */
export interface CandidateRow {
  rideId: string;
  at: number;
  goesOn: boolean;
}

type BoardingQuery = SelectQueryBuilder<
  Database,
  never,
  { src: number; ride_id: string; at: number; goes_on: number | boolean }
>;

/** One run of the boarding side in time order: a cell or a place, on one date. */
type Source = { cell: number; day: string } | { placeId: string; day: string };

export function sourcesOf(q: CandidateQuery): Source[] {
  return q.dates.flatMap((day) => [
    ...q.fromCells.map((cell) => ({ cell, day })),
    ...q.fromPlaceIds.map((placeId) => ({ placeId, day })),
  ]);
}

/**
 * The next `limit` rows of every source from `since` on, soonest first, each flagged with whether the
 * same ride may later pass near `to`. Each source is a range of an index in time order (ride_cells' key
 * (cell, day, at); ride_points_unplaced (place, date, at) for points without coordinates), so the work
 * is bounded by `limit`, not by how many rides the area has (decision 020, part C). A cell's rows are read only where their masks say the
 * ride goes on near `to` (ahead-masks.ts); a point named like `from` is probed by ride (a cell of `to` on
 * the same or a later leg, or a later point named like `to`).
 */
export function boardingRowsQuery(
  db: Executor,
  q: CandidateQuery,
  sources: readonly Source[],
  since: number,
  limit: number,
) {
  if (isPostgres(db)) return pgBoardingQuery(db, pgValues(q, sources, since, limit), pgKind(q));
  const [first, ...rest] = sources.map((s, i) =>
    'cell' in s ? cellRead(db, q, s, since, limit, i) : placeRead(db, q, s, since, limit, i),
  );
  return rest.reduce((u, r) => u.unionAll(r), first!);
}

const nearOf = (q: CandidateQuery, cell: number) => q.fromNear?.get(cell) ?? ALL_NEAR;

/** The same sources as arrays, for PostgreSQL's one statement of fixed text (along-the-way-statements.ts). */
function pgValues(
  q: CandidateQuery,
  sources: readonly Source[],
  since: number,
  limit: number,
): PgBoardingValues {
  const cells = sources.filter((s): s is { cell: number; day: string } => 'cell' in s);
  const places = sources.filter((s): s is { placeId: string; day: string } => 'placeId' in s);
  const ahead = cells.map((s) => masksOf(q.toCells, s.cell));
  return {
    cells: cells.map((s) => s.cell),
    cellDays: cells.map((s) => s.day),
    cellNear: cells.map((s) => nearOf(q, s.cell)),
    cellFine: ahead.map((m) => m.fine),
    cellCoarse: ahead.map((m) => m.coarse),
    places: places.map((s) => s.placeId),
    placeDays: places.map((s) => s.day),
    since,
    before: q.before ?? Number.MAX_SAFE_INTEGER,
    boardsFrom: q.boardsFrom ?? 0,
    limit,
    unlocated: UNLOCATED,
    toCells: [...q.toCells],
    toPlaces: [...q.toPlaceIds],
  };
}

const pgKind = (q: CandidateQuery) => ({
  probe: q.toByNameOnly === true,
  unplacedOnly: q.fromUnplacedOnly === true,
});

/**
 * A cell's rows that may lead to `to`, as one subquery (its ORDER BY and LIMIT apply to it alone): by
 * their masks, `to`'s cells as seen from this cell, or, when `to` is only known by name (a short
 * prefix), by a probe of the ride.
 */
function cellRead(
  db: Executor,
  q: CandidateQuery,
  s: { cell: number; day: string },
  since: number,
  limit: number,
  i: number,
): BoardingQuery {
  const read = db
    .selectFrom('ride_cells as f')
    .select((eb) => [
      'f.ride_id',
      'f.at',
      q.toByNameOnly ? goesOn(eb, q, 'f.first_leg').as('goes_on') : sql<boolean>`true`.as('goes_on'),
    ])
    .where('f.cell', '=', s.cell)
    .where('f.day', '=', s.day)
    .where('f.at', '>=', since)
    .$if(q.before !== undefined, (w) => w.where('f.at', '<', q.before!))
    .$if(q.boardsFrom !== undefined, (w) => w.where('f.leaves_at', '>=', q.boardsFrom!))
    .where(sql<boolean>`(f.near & ${nearOf(q, s.cell)}) <> 0`)
    .$if(!q.toByNameOnly, (w) => w.where(goesNear(masksOf(q.toCells, s.cell))))
    .orderBy('f.at')
    .limit(limit);
  return db
    .selectFrom(read.as(`s${i}`))
    .select([sql<number>`${sql.lit(i)}`.as('src'), 'ride_id', 'at', 'goes_on']) as unknown as BoardingQuery;
}

/** Whether a grid row's ride may later pass one of `to`'s cells (ahead-masks.ts). */
const goesNear = (ahead: AheadMasks) =>
  sql<boolean>`((f.ahead_fine & ${ahead.fine}) <> 0 or (f.ahead_coarse & ${ahead.coarse}) <> 0 or f.ahead_coarse >= ${UNLOCATED})`;

/**
 * A place's points (only those without coordinates when the rest are on the grid: the partial index
 * ride_points_unplaced), each probed by ride for a later cell or point of `to`.
 */
function placeRead(
  db: Executor,
  q: CandidateQuery,
  s: { placeId: string; day: string },
  since: number,
  limit: number,
  i: number,
): BoardingQuery {
  const read = db
    .selectFrom('ride_points as f')
    .select((eb) => ['f.ride_id', 'f.at', goesOn(eb, q, 'f.idx').as('goes_on')])
    .where('f.place_id', '=', s.placeId)
    .where('f.departure_date', '=', s.day)
    .where('f.at', '>=', since)
    .$if(q.before !== undefined, (w) => w.where('f.at', '<', q.before!))
    .$if(q.fromUnplacedOnly === true, (w) => w.where('f.lat', 'is', null))
    .orderBy('f.at')
    .limit(limit);
  return db
    .selectFrom(read.as(`s${i}`))
    .select([sql<number>`${sql.lit(i)}`.as('src'), 'ride_id', 'at', 'goes_on']) as unknown as BoardingQuery;
}

/** Whether the ride of row `f` passes a cell of `to` on leg `leg` or later, or a later point named like it. */
function goesOn(eb: ExpressionBuilder<any, any>, q: CandidateQuery, leg: 'f.first_leg' | 'f.idx') {
  return eb.or([
    eb.exists(
      eb
        .selectFrom('ride_cells as t')
        .select('t.ride_id')
        .whereRef('t.ride_id', '=', 'f.ride_id')
        .where('t.cell', 'in', q.toCells.length ? [...q.toCells] : [-1])
        .whereRef('t.last_leg', '>=', leg),
    ),
    eb.exists(
      eb
        .selectFrom('ride_points as t')
        .select('t.ride_id')
        .whereRef('t.ride_id', '=', 'f.ride_id')
        .where('t.place_id', 'in', q.toPlaceIds.length ? [...q.toPlaceIds] : [''])
        .whereRef('t.idx', '>', leg),
    ),
  ]);
}

/**
 * The boarding side from `since`, `limit` rows per source: the rows before `until` (every source is
 * read up to there; null when every source was read to its end), soonest first.
 */
export async function boardingRows(
  db: Executor,
  q: CandidateQuery,
  since: number,
  limit: number,
): Promise<{ rows: CandidateRow[]; until: number | null }> {
  const sources = sourcesOf(q);
  if (sources.length === 0 || !(q.toCells.length || q.toPlaceIds.length)) return { rows: [], until: null };
  const read = isPostgres(db)
    ? await pgBoardingRows(db, pgValues(q, sources, since, limit), pgKind(q))
    : await boardingRowsQuery(db, q, sources, since, limit).execute();
  const counts = new Map<number, { n: number; last: number }>();
  for (const r of read) {
    const c = counts.get(Number(r.src)) ?? { n: 0, last: 0 };
    counts.set(Number(r.src), { n: c.n + 1, last: Math.max(c.last, Number(r.at)) });
  }
  let until: number | null = null;
  for (const c of counts.values()) if (c.n >= limit && (until === null || c.last < until)) until = c.last;
  const rows = read
    .map((r) => ({ rideId: r.ride_id, at: Number(r.at), goesOn: Boolean(Number(r.goes_on)) }))
    .filter((r) => until === null || r.at < until)
    .sort((a, b) => a.at - b.at || (a.rideId < b.rideId ? -1 : 1));
  return { rows, until };
}

/** What matching needs of a ride besides its points: its price and length, the driver's rating when asked. */
export interface RideFacts {
  pricePerSeat: number;
  distanceKm: number | null;
  driverRating: number;
}

/** A candidate's points, and its facts when they came with them. */
export interface CandidateRide {
  points: RidePoint[];
  facts?: RideFacts;
}

type Listing = { sort: string; womenOnly: boolean; blocked: readonly string[] };

/** Ids per statement: well below SQLite's and PostgreSQL's limits on bound values. */
const CHUNK = 1000;

/**
 * The points of the candidates among `ids`. On PostgreSQL only listed rides (active, not deleted, women-only
 * and blocked drivers as asked), each point row with its ride's facts, in one statement: a round trip
 * there costs more than reading facts that will not be needed. On SQLite, where a statement costs no
 * round trip, the points alone: the facts of the few whose route fits are read after (`factsOf`).
 */
export async function candidateRides(
  db: Executor,
  ids: readonly string[],
  c: Listing,
): Promise<Map<string, CandidateRide>> {
  if (!isPostgres(db)) {
    const points = await pointsOfRides(db, ids);
    return new Map([...points].map(([id, ridePoints]) => [id, { points: ridePoints }]));
  }
  const kind = { withRating: c.sort === 'rating', womenOnly: c.womenOnly };
  const rides = new Map<string, CandidateRide>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += CHUNK) {
    const rows = await pgCandidateRows(
      db,
      { ids: unique.slice(i, i + CHUNK), blocked: [...c.blocked] },
      kind,
    );
    for (const row of rows) {
      let ride = rides.get(row.ride_id);
      if (!ride) rides.set(row.ride_id, (ride = { points: [], facts: toFacts(row) }));
      ride.points.push(toRidePoint(row));
    }
  }
  return rides;
}

/** The listed rides among `ids` (as `candidateRides`) and their facts. */
export async function factsOf(
  db: Executor,
  ids: readonly string[],
  c: Listing,
): Promise<Map<string, RideFacts>> {
  const kind = { withRating: c.sort === 'rating', womenOnly: c.womenOnly };
  const facts = new Map<string, RideFacts>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await factsRows(db, { ids: ids.slice(i, i + CHUNK), blocked: [...c.blocked] }, kind);
    for (const row of rows) facts.set(row.id, toFacts(row));
  }
  return facts;
}
