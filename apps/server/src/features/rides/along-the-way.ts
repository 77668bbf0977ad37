import { istDate, istTime, istToUtcMs } from '@saathchalo/shared';
import type { Executor } from '../../db/database.js';
import { turnTaker } from '../../lib/turns.js';
import type { RidePoint } from '../marketplace/ride-points.js';
import { segmentEnd, type FoundPage, type Segment } from './found-rides.js';
import { rideQuery, toRideRecord } from '../marketplace/ride-record.js';
import {
  boardingRows,
  candidateRides,
  factsOf,
  type CandidateRide,
  type RideFacts,
} from './along-the-way.repo.js';
import { cellOf, cellsNear } from '../marketplace/route-cells.js';
import { nearMask, unionOf } from '../marketplace/sub-cells.js';
import {
  matchRoute,
  segmentPrice,
  type MatchPoint,
  type RouteMatch,
  type SearchedPlace,
} from './route-match.js';

/** A search along the way (contract section 7): the places as typed and matched, and the filters. */
export interface AlongCriteria {
  from: SearchedPlace;
  to: SearchedPlace;
  dates: readonly string[];
  radiusKm: number;
  seats: number;
  nowMs: number;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  departAfter?: string | undefined;
  departBefore?: string | undefined;
  sort: 'departure' | 'price' | 'rating';
  limit: number;
  offset: number;
  /** Section 9: women-only rides only. */
  womenOnly: boolean;
  /** Section 9: the users in a blocked pair with the searcher; their rides are left out. */
  blocked: readonly string[];
}

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
    await matchInOrder(db, c, candidates, matched, nextTurn);
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

/** The order of a page: the sort asked for, then boarding time, distance from the places typed, and id. */
function pageOrder(c: AlongCriteria): (a: Matched, b: Matched) => number {
  const distance = (m: RouteMatch) => m.board.distanceKm + m.leave.distanceKm;
  return (a, b) =>
    (c.sort === 'price' ? a.price - b.price : 0) ||
    (c.sort === 'rating' ? b.driverRating - a.driverRating : 0) ||
    a.match.board.at - b.match.board.at ||
    distance(a.match) - distance(b.match) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Sorted by price or rating, every candidate is read and matched: only the best `wanted` so far are kept
 * (with their points), once twice that many are held. The order is total, so the page is the same.
 * Otherwise a filter holds every match of a busy day at once, and on PostgreSQL, where filters run side
 * by side, the server's memory grows with each one in flight (decision 028).
 */
function keepBest(matched: Matched[], c: AlongCriteria): void {
  const wanted = c.offset + c.limit;
  if (c.sort === 'departure' || matched.length <= 2 * wanted) return;
  matched.sort(pageOrder(c));
  matched.length = wanted;
}

/** Where the first window starts: no boarding before the first date, now or departAfter is wanted. */
function firstSince(c: AlongCriteria): number {
  const first = c.dates[0]!;
  const after = istToUtcMs(first, c.departAfter ?? '00:00');
  return Math.max(c.nowMs, after) - LINGER_MS;
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
    if (c.sort === 'departure' && isFull(matched, wanted, candidates[i]!.at)) return;
    await nextTurn();
    matched.push(
      ...(await matchBatch(
        db,
        c,
        candidates.slice(i, i + BATCH).map((r) => r.rideId),
      )),
    );
    keepBest(matched, c);
  }
}

const toMatchPoint = (p: RidePoint): MatchPoint => ({
  placeId: p.placeId,
  placeName: p.place,
  lat: p.lat,
  lng: p.lng,
  at: p.at,
  kmFromStart: p.kmFromStart,
  seatsToNext: p.seatsToNext,
});

interface Matched {
  id: string;
  match: RouteMatch;
  price: number;
  driverRating: number;
  /** Read for matching; the page shows them as they are. */
  points: RidePoint[];
}

/** Candidates read and matched per round: enough for a page, few enough to stop early. */
const BATCH = 100;

/** The rides among `ids` that really pass near both places, seats and filters allowing (route-match.ts). */
async function matchBatch(db: Executor, c: AlongCriteria, ids: readonly string[]): Promise<Matched[]> {
  const routes: { id: string; match: RouteMatch; ride: CandidateRide }[] = [];
  for (const [id, ride] of await candidateRides(db, ids, c)) {
    const match = matchRoute(ride.points.map(toMatchPoint), { ...c, passengers: c.seats });
    if (match && c.dates.includes(istDate(match.board.at))) routes.push({ id, match, ride });
  }
  // Facts that did not come with the points are read only for the rides whose route fits.
  const missing = routes.filter((r) => !r.ride.facts).map((r) => r.id);
  const read = missing.length ? await factsOf(db, missing, c) : new Map<string, RideFacts>();
  const matched: Matched[] = [];
  for (const { id, match, ride } of routes) {
    const facts = ride.facts ?? read.get(id);
    if (!facts) continue;
    const price = segmentPrice(facts.pricePerSeat, match.segmentKm, facts.distanceKm);
    if (c.minPrice !== undefined && price < c.minPrice) continue;
    if (c.maxPrice !== undefined && price > c.maxPrice) continue;
    const time = istTime(match.board.at);
    if (c.departAfter !== undefined && time < c.departAfter) continue;
    if (c.departBefore !== undefined && time > c.departBefore) continue;
    matched.push({ id, match, price, driverRating: facts.driverRating, points: ride.points });
  }
  return matched;
}
