import { istToUtcMs } from '@saathchalo/shared';
import type { Executor } from '../../db/database.js';
import { turnTaker } from '../../lib/turns.js';
import { segmentEnd, type FoundPage, type Segment } from './found-rides.js';
import { rideQuery, toRideRecord } from '../marketplace/ride-record.js';
import { boardingRows } from './along-the-way.repo.js';
import { cellOf, cellsNear } from '../marketplace/route-cells.js';
import { nearMask, unionOf } from '../marketplace/sub-cells.js';
import type { AlongCriteria } from './along-criteria.js';
import { BATCH, matchBatch, matchSorted, pageOrder, type Matched } from './candidate-matching.js';
import type { SearchedPlace } from './route-match.js';

export type { AlongCriteria } from './along-criteria.js';

/**
 * Cells within the radius of every known spot of a searched place (route-cells.ts), and the cells of the
 * places its name matches.
 */
export function searchCells(place: SearchedPlace, radiusKm: number): number[] {
  return [
    ...new Set([
      ...place.spots.flatMap((s) => cellsNear(s.lat, s.lng, radiusKm)),
      ...(place.namedSpots ?? []).map((s) => cellOf(s.lat, s.lng)),
    ]),
  ].sort((a, b) => a - b);
}

/**
 * The same cells, each with the sub-cells a ride found there must pass (sub-cells.ts): within the radius
 * of a spot, or at a place the name matches. Cells that no such ride can reach are left out.
 */
export function searchCellsNear(place: SearchedPlace, radiusKm: number): Map<number, number> {
  const near = new Map<number, number>();
  for (const cell of searchCells(place, radiusKm)) {
    const mask = unionOf(nearMask(cell, place.spots, radiusKm), nearMask(cell, place.namedSpots ?? [], 0));
    if (mask !== 0) near.set(cell, mask);
  }
  return near;
}

/**
 * How long before boarding a ride may first reach the boarding area (the cells around the searched
 * place, decision 020 part C): reading starts this much before the date's start, now or departAfter. A
 * ride that spends longer than this in the area before the passenger boards is missed.
 */
const LINGER_MS = 6 * 3_600_000;
/**
 * How long a search holds the event loop at most between its rounds and batches (lib/turns.ts): on
 * SQLite the whole search is otherwise one turn.
 */
const TURN_MS = 10;
/** Rows read per source in the first round, and how much each next round reads more. */
const FIRST_ROWS = 32;
const GROWTH = 4;
/** Rows per source a round by price or rating, so a filter never holds a whole window (decision 028). */
const SORTED_ROWS = 2_048;

/**
 * One page of rides passing near `from` and later near `to`: the grid gives candidates by index, soonest
 * first, a bounded number at a time; their points are matched exactly in code, then ordered by boarding
 * time and distance. Sorted by departure, reading stops once the page cannot change any more.
 */
export async function findAlongTheWay(db: Executor, c: AlongCriteria): Promise<FoundPage> {
  const fromNear = searchCellsNear(c.from, c.radiusKm);
  const place = {
    fromCells: [...fromNear.keys()],
    fromNear,
    fromPlaceIds: [...c.from.placeIds],
    fromUnplacedOnly: c.from.namedSpots !== undefined,
    toCells: searchCells(c.to, c.radiusKm),
    toPlaceIds: [...c.to.placeIds],
    toByNameOnly: c.to.namedSpots === undefined && c.to.placeIds.size > 0,
    dates: c.dates,
    before: lastBoarding(c),
    boardsFrom: firstBoarding(c),
  };
  const wanted = c.offset + c.limit;
  const matched: Matched[] = [];
  const seen = new Set<string>();
  let since = firstSince(c);
  const nextTurn = turnTaker(TURN_MS);
  // By price or rating every candidate counts: every row is read (up to `before`), a round at a time.
  const byDeparture = c.sort === 'departure';
  for (let rows = byDeparture ? FIRST_ROWS : SORTED_ROWS; ;) {
    await nextTurn();
    const read = await boardingRows(db, place, since, rows);
    // A ride crossing several cells near `from` is read once from each: matched at its first.
    const candidates = read.rows.filter((r) => r.goesOn && !seen.has(r.rideId) && seen.add(r.rideId));
    if (byDeparture) await matchInOrder(db, c, candidates, matched, nextTurn);
    else
      await matchSorted(
        db,
        c,
        candidates.map((r) => r.rideId),
        matched,
        nextTurn,
      );
    if (read.until === null || (byDeparture && isFull(matched, wanted, read.until))) break;
    // By price or rating a round grows only when it could not get past a minute, so rows stay bounded.
    if (byDeparture || read.until <= since) rows *= GROWTH;
    since = read.until;
  }
  matched.sort(pageOrder(c));
  const soonestBoarding = Math.min(...matched.slice(0, c.offset + c.limit).map((m) => m.match.board.at));
  const page = matched.slice(c.offset, c.offset + c.limit);
  if (page.length === 0) return { rides: [], soonestBoarding };
  const records = (
    await rideQuery(db)
      .where(
        'r.id',
        'in',
        page.map((m) => m.id),
      )
      .execute()
  ).map(toRideRecord);
  const pointsOf = new Map(page.map((m) => [m.id, m.points]));
  for (const ride of records) ride.points = pointsOf.get(ride.id)!;
  const rides = new Map(records.map((ride) => [ride.id, ride]));
  const found = page.flatMap(({ id, match, price }) => {
    const ride = rides.get(id);
    if (!ride) return [];
    const segment: Segment = {
      fromStop: match.fromStop,
      toStop: match.toStop,
      from: segmentEnd(match.board.at, match.board.placeName, match.board.distanceKm),
      to: segmentEnd(match.leave.at, match.leave.placeName, match.leave.distanceKm),
      pricePerSeat: price,
      availableSeats: match.availableSeats,
    };
    return [{ ride, segment }];
  });
  return { rides: found, soonestBoarding };
}

/** The first moment a passenger may board: now, or the start of the first date or of departAfter on it. */
function firstBoarding(c: AlongCriteria): number {
  return Math.max(c.nowMs, istToUtcMs(c.dates[0]!, c.departAfter ?? '00:00'));
}

/** Where the first window starts: a ride may reach `from`'s area this long before it boards. */
function firstSince(c: AlongCriteria): number {
  return firstBoarding(c) - LINGER_MS;
}

/**
 * Just after the last minute a passenger may board under departBefore (boarding times are compared by
 * the minute, `HH:mm`), on the last of the dates; without it, no bound.
 */
function lastBoarding(c: AlongCriteria): number | undefined {
  if (c.departBefore === undefined) return undefined;
  return istToUtcMs(c.dates[c.dates.length - 1]!, c.departBefore) + 60_000;
}

/** The page is settled once `wanted` rides board before `until`: no later candidate boards earlier. */
function isFull(matched: readonly Matched[], wanted: number, until: number): boolean {
  if (matched.length < wanted) return false;
  return matched.map((m) => m.match.board.at).sort((a, b) => a - b)[wanted - 1]! < until;
}

/**
 * Matches candidates (soonest first) in batches into `matched`. Sorted by departure, once `wanted` rides
 * board before every candidate left can reach the boarding area, none of those can be on the page.
 */
async function matchInOrder(
  db: Executor,
  c: AlongCriteria,
  candidates: readonly { rideId: string; at: number }[],
  matched: Matched[],
  nextTurn: () => Promise<void>,
): Promise<void> {
  const wanted = c.offset + c.limit;
  for (let i = 0; i < candidates.length; i += BATCH) {
    if (isFull(matched, wanted, candidates[i]!.at)) return;
    await nextTurn();
    matched.push(
      ...(await matchBatch(
        db,
        c,
        candidates.slice(i, i + BATCH).map((r) => r.rideId),
      )),
    );
  }
}
