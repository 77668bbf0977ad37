import { istDate, istTime } from '@saathchalo/shared';
import type { Executor } from '../../db/database.js';
import { pointsOfRides, type RidePoint } from '../marketplace/ride-points.js';
import type { AlongCriteria } from './along-criteria.js';
import { candidateRides, factsOf, type RideFacts } from './along-the-way.repo.js';
import { matchRoute, segmentPrice, type MatchPoint, type RouteMatch } from './route-match.js';

// The exact match of the grid's candidates (route-match.ts), a batch at a time, for along-the-way.ts.

export interface Matched {
  id: string;
  match: RouteMatch;
  price: number;
  driverRating: number;
  /** Read for matching; the page shows them as they are. */
  points: RidePoint[];
}

/** Candidates read and matched per round: enough for a page, few enough to stop early. */
export const BATCH = 100;

const toMatchPoint = (p: RidePoint): MatchPoint => ({
  placeId: p.placeId,
  placeName: p.place,
  lat: p.lat,
  lng: p.lng,
  at: p.at,
  kmFromStart: p.kmFromStart,
  seatsToNext: p.seatsToNext,
});

type Fit = { id: string; match: RouteMatch; points: RidePoint[] };

/** The rides whose route passes near both places in order, seats allowing, boarding on a searched date. */
function fitting(c: AlongCriteria, rides: Iterable<[string, RidePoint[]]>): Fit[] {
  const fits: Fit[] = [];
  for (const [id, points] of rides) {
    const match = matchRoute(points.map(toMatchPoint), { ...c, passengers: c.seats });
    if (match && c.dates.includes(istDate(match.board.at))) fits.push({ id, match, points });
  }
  return fits;
}

/** The fitting rides that are listed (they have facts) and pass the price and departure filters. */
function priced(c: AlongCriteria, fits: readonly Fit[], facts: ReadonlyMap<string, RideFacts>): Matched[] {
  const matched: Matched[] = [];
  for (const { id, match, points } of fits) {
    const f = facts.get(id);
    if (!f) continue;
    const price = segmentPrice(f.pricePerSeat, match.segmentKm, f.distanceKm);
    if (c.minPrice !== undefined && price < c.minPrice) continue;
    if (c.maxPrice !== undefined && price > c.maxPrice) continue;
    const time = istTime(match.board.at);
    if (c.departAfter !== undefined && time < c.departAfter) continue;
    if (c.departBefore !== undefined && time > c.departBefore) continue;
    matched.push({ id, match, price, driverRating: f.driverRating, points });
  }
  return matched;
}

/** The rides among `ids` that really pass near both places, seats and filters allowing (route-match.ts). */
export async function matchBatch(db: Executor, c: AlongCriteria, ids: readonly string[]): Promise<Matched[]> {
  const rides = await candidateRides(db, ids, c);
  const fits = fitting(
    c,
    [...rides].map(([id, ride]) => [id, ride.points]),
  );
  const facts = new Map<string, RideFacts>();
  for (const [id, ride] of rides) if (ride.facts) facts.set(id, ride.facts);
  // Facts that did not come with the points are read only for the rides whose route fits.
  const missing = fits.filter((f) => !facts.has(f.id)).map((f) => f.id);
  if (missing.length) for (const [id, f] of await factsOf(db, missing, c)) facts.set(id, f);
  return priced(c, fits, facts);
}

/** The order of a page: the sort asked for, then boarding time, distance from the places typed, and id. */
export function pageOrder(c: AlongCriteria): (a: Matched, b: Matched) => number {
  const distance = (m: RouteMatch) => m.board.distanceKm + m.leave.distanceKm;
  return (a, b) =>
    (c.sort === 'price' ? a.price - b.price : 0) ||
    (c.sort === 'rating' ? b.driverRating - a.driverRating : 0) ||
    a.match.board.at - b.match.board.at ||
    distance(a.match) - distance(b.match) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * Sorted by price or rating, only the best `wanted` so far are kept (with their points), once twice that
 * many are held. The order is total, so the page is the same. Otherwise a filter holds every match of a
 * busy day at once, and on PostgreSQL, where filters run side by side, the server's memory grows with
 * each one in flight (decision 028).
 */
function keepBest(matched: Matched[], c: AlongCriteria): void {
  const wanted = c.offset + c.limit;
  if (matched.length <= 2 * wanted) return;
  matched.sort(pageOrder(c));
  matched.length = wanted;
}

/** The driver's rating of the page's last ride so far; undefined while the page is not full. */
function lastRating(matched: Matched[], c: AlongCriteria): number | undefined {
  const wanted = c.offset + c.limit;
  if (matched.length < wanted) return undefined;
  matched.sort(pageOrder(c));
  return matched[wanted - 1]!.driverRating;
}

/**
 * Sorted by price or rating, every candidate counts (decision 036). Sorted by rating, the candidates'
 * facts are read first, one indexed row each, and they are matched best rated first: once the page is
 * full, those rated below its last ride are never matched, so their points are not read. With a least
 * price, the rides whose whole price is below it are left out the same way. Otherwise every candidate is
 * matched a batch at a time, as by departure.
 */
export async function matchSorted(
  db: Executor,
  c: AlongCriteria,
  ids: readonly string[],
  matched: Matched[],
  nextTurn: () => Promise<void>,
): Promise<void> {
  const queue =
    c.sort === 'rating' || (c.minPrice ?? 0) > 0 ? await listedFirst(db, c, ids) : { ids, facts: undefined };
  for (let i = 0; i < queue.ids.length; i += BATCH) {
    const last = c.sort === 'rating' ? lastRating(matched, c) : undefined;
    // Ties stay: a ride rated as the last one may still come before it by boarding time.
    const batch = queue.ids
      .slice(i, i + BATCH)
      .filter((id) => last === undefined || queue.facts!.get(id)!.driverRating >= last);
    if (batch.length === 0) return;
    await nextTurn();
    if (queue.facts) matched.push(...priced(c, fitting(c, await pointsOfRides(db, batch)), queue.facts));
    else matched.push(...(await matchBatch(db, c, batch)));
    keepBest(matched, c);
  }
}

/** The listed candidates with their facts, best rated first when sorted by rating. */
async function listedFirst(db: Executor, c: AlongCriteria, ids: readonly string[]) {
  const facts = await factsOf(db, ids, c);
  // A segment never costs more than the whole ride (route-match.ts segmentPrice).
  const listed = [...facts]
    .filter(([, f]) => c.minPrice === undefined || f.pricePerSeat >= c.minPrice)
    .map(([id]) => id);
  if (c.sort === 'rating') listed.sort((a, b) => facts.get(b)!.driverRating - facts.get(a)!.driverRating);
  return { ids: listed, facts };
}
