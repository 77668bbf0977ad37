import { sql, type Compilable, type Selectable, type SelectQueryBuilder } from 'kysely';
import { isPostgres, type Executor } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { prepared } from '../../db/prepared.js';

/**
 * The statements of a search along the way whose text on PostgreSQL does not depend on how many cells,
 * places, dates or rides they read (decision 027): those come as arrays. A fixed text is a named
 * statement (db/prepared.ts), parsed once per connection and planned generically after a few runs;
 * a text per count (the UNION of one subquery per source that SQLite runs, IN lists) was parsed and
 * planned on every search, which cost PostgreSQL more than running it.
 *
 * The boarding side: each source is read by a LATERAL subquery in time order.
 */
export interface PgBoardingValues {
  cells: number[];
  cellDays: string[];
  /** Each cell's sub-cells where a ride read there must pass (marketplace/sub-cells.ts). */
  cellNear: number[];
  /** Each cell's masks of `to`'s cells as seen from it (marketplace/ahead-masks.ts). */
  cellFine: number[];
  cellCoarse: number[];
  places: string[];
  placeDays: string[];
  since: number;
  /** Rows at or after it are not read (CandidateQuery's `before`). */
  before: number;
  /** Rows whose ride leaves the cell before it are not read (CandidateQuery's `boardsFrom`). */
  boardsFrom: number;
  limit: number;
  unlocated: number;
  toCells: number[];
  toPlaces: string[];
}

export type BoardingRow = { src: number; ride_id: string; at: number; goes_on: boolean };

/** Where the places' sources are numbered from, after every cell's. */
const PLACE_SOURCES = 1_000_000;

/** Whether the ride of `x` passes a cell of `to` on leg `leg` or later, or a later point named like it. */
const goesOn = (v: PgBoardingValues, leg: 'x.first_leg' | 'x.idx') => sql<boolean>`(
  exists (select 1 from ride_cells t where t.ride_id = x.ride_id
    and t.cell = any(${v.toCells}::int[]) and t.last_leg >= ${sql.raw(leg)})
  or exists (select 1 from ride_points t where t.ride_id = x.ride_id
    and t.place_id = any(${v.toPlaces}::text[]) and t.idx > ${sql.raw(leg)}))`;

/**
 * The statement for one kind of search: `probe` when `to` is known by name only (its rows are probed by
 * ride, not tested by masks), `unplacedOnly` when the `from` places' points with coordinates are on the
 * grid. Four texts in all.
 */
export function pgBoardingQuery(
  db: Executor,
  v: PgBoardingValues,
  kind: { probe: boolean; unplacedOnly: boolean },
): SelectQueryBuilder<Database, any, BoardingRow> {
  const byMasks = sql`and ((f.ahead_fine & s.fine) <> 0 or (f.ahead_coarse & s.coarse) <> 0
    or f.ahead_coarse >= ${v.unlocated}::bigint)`;
  const body = sql<BoardingRow>`(
    select s.src::int as src, x.ride_id, x.at, ${kind.probe ? goesOn(v, 'x.first_leg') : sql`true`} as goes_on
    from unnest(${v.cells}::int[], ${v.cellDays}::text[], ${v.cellNear}::bigint[], ${v.cellFine}::bigint[],
      ${v.cellCoarse}::bigint[]) with ordinality as s(cell, day, near, fine, coarse, src)
    cross join lateral (
      select f.ride_id, f.at, f.first_leg from ride_cells f
      where f.cell = s.cell and f.day = s.day and f.at >= ${v.since}::bigint and f.at < ${v.before}::bigint
        and f.leaves_at >= ${v.boardsFrom}::bigint and (f.near & s.near) <> 0
        ${kind.probe ? sql`` : byMasks}
      order by f.at limit ${v.limit}::bigint
    ) x
    union all
    select ${sql.lit(PLACE_SOURCES)} + s.src::int, x.ride_id, x.at, ${goesOn(v, 'x.idx')}
    from unnest(${v.places}::text[], ${v.placeDays}::text[]) with ordinality as s(place_id, day, src)
    cross join lateral (
      select f.ride_id, f.at, f.idx from ride_points f
      where f.place_id = s.place_id and f.departure_date = s.day and f.at >= ${v.since}::bigint
        and f.at < ${v.before}::bigint
        ${kind.unplacedOnly ? sql`and f.lat is null` : sql``}
      order by f.at limit ${v.limit}::bigint
    ) x)`;
  return db.selectFrom(body.as('b')).selectAll() as unknown as SelectQueryBuilder<Database, any, BoardingRow>;
}

const statements = [false, true].flatMap((probe) =>
  [false, true].map((unplacedOnly) => ({
    probe,
    unplacedOnly,
    run: prepared((db: Executor, v: PgBoardingValues) => pgBoardingQuery(db, v, { probe, unplacedOnly })),
  })),
);

export async function pgBoardingRows(
  db: Executor,
  v: PgBoardingValues,
  kind: { probe: boolean; unplacedOnly: boolean },
): Promise<BoardingRow[]> {
  const statement = statements.find((s) => s.probe === kind.probe && s.unplacedOnly === kind.unplacedOnly)!;
  return (await statement.run(db, v)).rows;
}

/** Which rides are listed to the searcher, and whether the driver's rating is read. */
export interface CandidateKind {
  withRating: boolean;
  womenOnly: boolean;
}

/** The listed rides' facts (price, length, rating when asked); the caller says which rides. */
export function ridesFactsQuery(db: Executor, kind: CandidateKind) {
  return db
    .selectFrom('rides as r')
    .select(['r.id', 'r.price_per_seat', 'r.distance_km'])
    .$if(kind.withRating, (w) =>
      w.select(
        sql<number>`(select case when d.rating_count = 0 then 0 else d.rating_sum * 1.0 / d.rating_count end from users d where d.id = r.driver_id)`.as(
          'rating',
        ),
      ),
    )
    .where('r.status', '=', 'ACTIVE')
    .where('r.deleted_at', 'is', null)
    .$if(kind.womenOnly, (w) => w.where('r.women_only', '=', 1));
}

/** What ridesFactsQuery reads of a ride. */
type FactsRow = { price_per_seat: number; distance_km: number | string | null; rating?: number };

/** A ride's facts as matching uses them (along-the-way.repo.ts RideFacts). */
export const toFacts = (row: FactsRow) => ({
  pricePerSeat: row.price_per_seat,
  distanceKm: row.distance_km === null ? null : Number(row.distance_km),
  driverRating: Number(row.rating ?? 0),
});

/** One statement of fixed text per kind (rating read or not, women-only or not), compiled once each. */
function perKind<V extends object, R>(build: (db: Executor, v: V, kind: CandidateKind) => Compilable<R>) {
  const statements = [false, true].flatMap((withRating) =>
    [false, true].map((womenOnly) => {
      const kind = { withRating, womenOnly };
      return { ...kind, run: prepared((db: Executor, v: V) => build(db, v, kind)) };
    }),
  );
  return (kind: CandidateKind) =>
    statements.find((s) => s.withRating === kind.withRating && s.womenOnly === kind.womenOnly)!.run;
}

/**
 * The listed rides among `v.ids`, none of `v.blocked`'s: arrays on PostgreSQL, JSON texts on SQLite, so the
 * text is the same whatever their number.
 */
const listedAmong = <Q extends SelectQueryBuilder<any, any, any>>(
  db: Executor,
  q: Q,
  v: { ids: string | string[]; blocked: string | string[] },
): Q =>
  (isPostgres(db)
    ? q
        .where(sql<boolean>`r.id = any(${v.ids}::text[])`)
        .where(sql<boolean>`r.driver_id <> all(${v.blocked}::text[])`)
    : q
        .where(sql<boolean>`r.id in (select value from json_each(${v.ids}))`)
        .where(sql<boolean>`r.driver_id not in (select value from json_each(${v.blocked}))`)) as Q;

const factsStatement = perKind((db, v: { ids: string | string[]; blocked: string | string[] }, kind) =>
  listedAmong(db, ridesFactsQuery(db, kind), v),
);

/** The facts of the listed rides among `ids` (ridesFactsQuery), by a statement compiled once per kind. */
export async function factsRows(db: Executor, v: { ids: string[]; blocked: string[] }, kind: CandidateKind) {
  const bound = isPostgres(db) ? v : { ids: JSON.stringify(v.ids), blocked: JSON.stringify(v.blocked) };
  return (await factsStatement(kind)(db, bound)).rows as ({ id: string } & FactsRow)[];
}

const candidateStatement = perKind((db, v: { ids: string[]; blocked: string[] }, kind) =>
  listedAmong(
    db,
    ridesFactsQuery(db, kind).innerJoin('ride_points as p', 'p.ride_id', 'r.id').selectAll('p'),
    v,
  )
    .orderBy('p.ride_id')
    .orderBy('p.idx'),
);

/**
 * The candidates' points with their ride's facts on PostgreSQL, listed rides only: one named statement
 * per kind, whatever the number of rides.
 */
export async function pgCandidateRows(
  db: Executor,
  v: { ids: string[]; blocked: string[] },
  kind: CandidateKind,
) {
  return (await candidateStatement(kind)(db, v)).rows as (Selectable<Database['ride_points']> & FactsRow)[];
}
