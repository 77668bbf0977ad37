import type { z } from 'zod';
import type { filterQuery, searchQuery } from '@saathchalo/shared';
import type { AppDeps } from '../../app-deps.js';
import { okJsonText } from '../../lib/envelope.js';
import { addDays } from '@saathchalo/shared';
import { locatePlace, placeIdsMatching, queryTerm } from '../places/index.js';
import { presentRide } from './ride-presenter.js';
import { findAlongTheWay, searchCells, type AlongCriteria, type FoundRide } from './along-the-way.js';
import type { SearchedPlace } from './route-match.js';
import type { PageScope, SearchPage } from './search-cache.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'searchCache' | 'placeMatches'>;

type SearchInput = z.output<typeof searchQuery>;
type FilterInput = z.output<typeof filterQuery>;

const placeKey = (p: SearchedPlace) =>
  `${[...p.placeIds].join(',')}/${p.spots.map((s) => `${s.lat},${s.lng}`).join(';')}`;

/** What a page of results depends on, apart from the time: the same key, the same rides. */
const pageKey = (c: AlongCriteria) =>
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
  ].join('|');

/**
 * A page as bytes: the whole `ok` answer with every ride flagged `"isOwnRide":false`, and where each flag
 * is, so a driver's own rides are flagged for them without presenting the page again.
 */
function buildPage(found: FoundRide[]): SearchPage {
  const driverIds: string[] = [];
  const flags: number[] = [];
  const parts: string[] = [];
  let offset = 0;
  for (const { ride, segment } of found) {
    // Presented for nobody in particular (no passengers), then flagged: the flag goes last in a Ride.
    // Search shows the segment's seats and price at the top level (CONTRACT.md section 7).
    const shown = {
      ...presentRide(ride, ''),
      availableSeats: segment.availableSeats,
      pricePerSeat: segment.pricePerSeat,
      segment,
    };
    const head = `${parts.length ? ',' : ''}${JSON.stringify(shown).slice(0, -1)},"isOwnRide":`;
    offset += Buffer.byteLength(head);
    flags.push(offset);
    offset += Buffer.byteLength('false}');
    parts.push(`${head}false}`);
    driverIds.push(ride.driverId);
  }
  const data = `[${parts.join('')}]`;
  const text = okJsonText(data);
  const dataAt = Buffer.byteLength(text.slice(0, text.indexOf(data))) + 1;
  return {
    body: Buffer.from(text),
    driverIds,
    flagOffsets: flags.map((f) => dataAt + f),
    // Boarding, not departure: a page is stale once its first boarding has passed.
    firstDepartureAt: Math.min(...found.map((f) => f.boardAt)),
  };
}

const TRUE = Buffer.from('true');

/** The page as its viewer gets it: the kept bytes, with the viewer's own rides flagged true. */
function pageFor(page: SearchPage, viewerId: string): Buffer {
  const chunks: Buffer[] = [];
  let at = 0;
  page.driverIds.forEach((driverId, i) => {
    if (driverId !== viewerId) return;
    const flag = page.flagOffsets[i]!;
    chunks.push(page.body.subarray(at, flag), TRUE);
    at = flag + 'false'.length;
  });
  if (chunks.length === 0) return page.body;
  chunks.push(page.body.subarray(at));
  return Buffer.concat(chunks);
}

/** A typed place: where the gazetteer puts it (if it knows the name) and the stored places it matches. */
function searched(typed: string, placeIds: readonly string[]): SearchedPlace {
  const located = locatePlace(typed);
  return {
    name: typed.trim().replace(/\s+/g, ' '),
    spots: located ? [located] : [],
    placeIds: new Set(placeIds),
  };
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
): Promise<Buffer> {
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
  const criteria: AlongCriteria = {
    from: searched(q.from, fromPlaceIds),
    to: searched(q.to, toPlaceIds),
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
  };
  // Kept pages are voided by boarding cell, place and one date (decision 008); a range is answered fresh.
  if (endDate) return pageFor(buildPage(await findAlongTheWay(deps.db, criteria)), viewerId);
  const key = pageKey(criteria);
  let page = deps.searchCache.get(key, now);
  if (!page) {
    const since = deps.searchCache.mark();
    page = buildPage(await findAlongTheWay(deps.db, criteria));
    const scope: PageScope = {
      cells: searchCells(criteria.from, radiusKm),
      placeIds: fromPlaceIds,
      date: q.date,
    };
    deps.searchCache.set(key, scope, since, page, now);
  }
  return pageFor(page, viewerId);
}

export function answerSearch(deps: Deps, viewerId: string, q: SearchInput): Promise<Buffer> {
  return searchAnswer(deps, viewerId, q);
}

export function answerFilter(deps: Deps, viewerId: string, q: FilterInput): Promise<Buffer> {
  return searchAnswer(deps, viewerId, q, q);
}
