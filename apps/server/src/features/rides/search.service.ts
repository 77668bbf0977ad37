import type { z } from 'zod';
import type { filterQuery, searchQuery } from '@saathchalo/shared';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { addDays } from '@saathchalo/shared';
import { locatePlace, placeIdsMatching, queryTerm, spotsOfPlaces } from '../places/index.js';
import { Audience, audienceFor, coTravellersOf, statsOfDrivers } from '../marketplace/audience.js';
import { findAlongTheWay, searchCells, type AlongCriteria } from './along-the-way.js';
import type { FoundPage } from './found-rides.js';
import type { SearchedPlace } from './route-match.js';
import type { PageScope, SearchPage } from './search-cache.js';
import { answerFor, buildPage, type BuiltPage, type SearchAnswer } from './search-page.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'searchCache' | 'searchGates' | 'placeMatches' | 'blocks'>;

/** The rides of a search, computed when its gate lets it (lib/gate.ts, decision 030). */
const find = (deps: Deps, criteria: AlongCriteria) =>
  deps.searchGates[criteria.sort === 'departure' ? 'byDeparture' : 'sorted'].run(() =>
    findAlongTheWay(deps.db, criteria),
  );

type SearchInput = z.output<typeof searchQuery>;
type FilterInput = z.output<typeof filterQuery>;

// The name is shown where a passenger boards or leaves on a line (route-match.ts spotAt).
const placeKey = (p: SearchedPlace) =>
  `${p.name}/${[...p.placeIds].join(',')}/${p.spots.map((s) => `${s.lat},${s.lng}`).join(';')}`;

/**
 * What a page of results depends on, apart from the time: the same key, the same rides. A searcher in a
 * blocked pair has pages of their own, keyed by who is on the other side, so blocking or unblocking
 * someone never finds a page made before it.
 */
const pageKey = (c: AlongCriteria, viewerId: string) =>
  [
    placeKey(c.from),
    placeKey(c.to),
    c.dates.join(','),
    c.radiusKm,
    c.seats,
    c.minPrice,
    c.maxPrice,
    c.departAfter,
    c.departBefore,
    c.sort,
    c.limit,
    c.offset,
    c.womenOnly ? 'w' : '',
    c.blocked.length ? `${viewerId}:${c.blocked.join(',')}` : '',
  ].join('|');

/** A page for every viewer: phones as a stranger sees them, with the drivers' reliability. */
async function strangerPage(db: Executor, found: FoundPage, nowMs: number): Promise<BuiltPage> {
  const stats = await statsOfDrivers(
    db,
    found.rides.map((f) => f.ride.driverId),
    nowMs,
  );
  return buildPage(found, Audience.stranger(stats));
}

/**
 * Whether this viewer sees a phone the kept page withholds (their own, or a co-traveller's): then the
 * page is presented for them alone. One indexed statement, only on pages that withhold a phone.
 */
async function seesWithheld(db: Executor, page: SearchPage, viewerId: string): Promise<boolean> {
  const withheld = page.withheld ?? [];
  if (withheld.length === 0) return false;
  if (withheld.includes(viewerId)) return true;
  return (await coTravellersOf(db, viewerId, withheld)).size > 0;
}

async function viewerPage(deps: Deps, criteria: AlongCriteria, viewerId: string): Promise<BuiltPage> {
  const found = await find(deps, criteria);
  const audience = await audienceFor(deps.db, viewerId, {
    owners: found.rides.map((f) => f.ride.driver),
    stats: { driverIds: found.rides.map((f) => f.ride.driverId), nowMs: criteria.nowMs },
  });
  return buildPage(found, audience);
}

/** Past this many places matched (a short prefix), all are read by name rather than placed on the grid. */
const MAX_NAMED_PLACES = 8;

/**
 * A typed place: where the gazetteer puts it (if it knows the name), the stored places it matches, and
 * where those are, so the grid finds their points (decision 020, part C).
 */
export async function searchedPlace(
  deps: Pick<Deps, 'db' | 'placeMatches'>,
  typed: string,
  placeIds: readonly string[],
): Promise<SearchedPlace> {
  const located = locatePlace(typed);
  const place = {
    // As the gazetteer writes it: a kept page shows every searcher the same name, never another's typing.
    name: located?.name ?? typed.trim().replace(/\s+/g, ' '),
    spots: located ? [{ lat: located.lat, lng: located.lng }] : [],
    placeIds: new Set(placeIds),
  };
  if (placeIds.length > MAX_NAMED_PLACES) return place;
  const spots = await spotsOfPlaces(deps.db, deps.placeMatches, placeIds);
  return { ...place, namedSpots: [...spots.values()].flat() };
}

function datesFrom(date: string, endDate: string | undefined): string[] {
  const dates = [date];
  while (endDate && dates[dates.length - 1]! < endDate) dates.push(addDays(dates[dates.length - 1]!, 1));
  return dates;
}

/**
 * One page of bookable rides, answered as the bytes of `ok(Ride[])` (each ride with isOwnRide), served
 * from the search cache while nothing it shows has changed (search-cache.ts, decision 008).
 */
async function searchAnswer(
  deps: Deps,
  viewerId: string,
  q: SearchInput,
  extra: Partial<FilterInput> = {},
): Promise<SearchAnswer> {
  const fromTerm = queryTerm(q.from);
  const toTerm = queryTerm(q.to);
  const [fromPlaceIds, toPlaceIds] =
    fromTerm && toTerm
      ? await Promise.all([
          placeIdsMatching(deps.db, deps.placeMatches, fromTerm),
          placeIdsMatching(deps.db, deps.placeMatches, toTerm),
        ])
      : [[], []];
  const now = deps.clock.now();
  const endDate = extra.endDate === q.date ? undefined : extra.endDate;
  const radiusKm = extra.radiusKm ?? q.radiusKm;
  // In a blocked pair, the page leaves the other side's rides out and is this viewer's own (keyed by them).
  const blocked = await deps.blocks.counterparts(deps.db, viewerId, now);
  const criteria: AlongCriteria = {
    from: await searchedPlace(deps, q.from, fromPlaceIds),
    to: await searchedPlace(deps, q.to, toPlaceIds),
    dates: datesFrom(q.date, endDate),
    radiusKm,
    seats: Math.max(q.passengers, extra.minSeats ?? 1),
    nowMs: now,
    minPrice: extra.minPrice,
    maxPrice: extra.maxPrice,
    departAfter: extra.departAfter,
    departBefore: extra.departBefore,
    sort: extra.sort ?? 'departure',
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
    womenOnly: q.womenOnly ?? extra.womenOnly ?? false,
    blocked,
  };
  // Kept pages are voided by boarding cell, place and one date (decision 008); a range is answered fresh.
  let page: (SearchPage & { json?: Buffer }) | undefined;
  if (endDate) page = await strangerPage(deps.db, await find(deps, criteria), now);
  const key = pageKey(criteria, viewerId);
  page ??= deps.searchCache.get(key, now);
  if (!page) {
    const since = deps.searchCache.mark();
    const built = await strangerPage(deps.db, await find(deps, criteria), now);
    const scope: PageScope = {
      cells: searchCells(criteria.from, radiusKm),
      placeIds: fromPlaceIds,
      date: q.date,
      byRating: criteria.sort === 'rating',
    };
    deps.searchCache.set(key, scope, since, built, now);
    page = built;
  }
  if (await seesWithheld(deps.db, page, viewerId)) page = await viewerPage(deps, criteria, viewerId);
  return answerFor(page, viewerId);
}

export function answerSearch(deps: Deps, viewerId: string, q: SearchInput): Promise<SearchAnswer> {
  return searchAnswer(deps, viewerId, q);
}

export function answerFilter(deps: Deps, viewerId: string, q: FilterInput): Promise<SearchAnswer> {
  return searchAnswer(deps, viewerId, q, q);
}
