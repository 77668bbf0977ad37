import type { z } from 'zod';
import type { filterQuery, searchQuery } from '@saathchalo/shared';
import type { AppDeps } from '../../app-deps.js';
import type { Executor } from '../../db/database.js';
import { okJsonText } from '../../lib/envelope.js';
import { placeIdsMatching, queryTerm } from '../places/index.js';
import { Audience, audienceFor, coTravellersOf, statsOfDrivers } from '../marketplace/audience.js';
import { blockCounterparts } from '../marketplace/blocks.js';
import { presentRide } from './ride-presenter.js';
import type { RideRecord } from '../marketplace/ride-record.js';
import { searchRides, type SearchCriteria } from './search.repo.js';
import type { SearchPage } from './search-cache.js';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'searchCache' | 'placeMatches'>;

type SearchInput = z.output<typeof searchQuery>;
type FilterInput = z.output<typeof filterQuery>;

/**
 * What a page of results depends on, apart from the time: the same key, the same rides. A searcher in a
 * blocked pair has pages of their own, keyed by who is on the other side, so blocking or unblocking
 * someone never finds a page made before it.
 */
const pageKey = (c: SearchCriteria, blocked: readonly string[]) =>
  [
    c.fromPlaceIds.join(','),
    c.toPlaceIds.join(','),
    c.date,
    c.seats,
    c.minPrice,
    c.maxPrice,
    c.departAfter,
    c.departBefore,
    c.sort,
    c.limit,
    c.offset,
    c.womenOnly ? 'w' : '',
    c.blocksOf ? `${c.blocksOf}:${blocked.join(',')}` : '',
  ].join('|');

/**
 * A page as bytes: the whole `ok` answer with every ride flagged `"isOwnRide":false`, and where each flag
 * is, so a driver's own rides are flagged for them without presenting the page again. Phones are as a
 * stranger sees them; the drivers whose phone that withholds are noted (`withheld`).
 */
function buildPage(rides: RideRecord[], audience: Audience): SearchPage {
  const driverIds: string[] = [];
  const flags: number[] = [];
  const parts: string[] = [];
  let offset = 0;
  for (const ride of rides) {
    // Presented without passengers, then flagged: the flag goes last in a Ride.
    const head = `${parts.length ? ',' : ''}${JSON.stringify(presentRide(ride, audience)).slice(0, -1)},"isOwnRide":`;
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
    firstDepartureAt: Math.min(...rides.map((r) => r.departureAt)),
    withheld: [
      ...new Set(rides.filter((r) => r.driver.contactVisibility !== 'EVERYONE').map((r) => r.driverId)),
    ],
  };
}

/** A page for every viewer: phones as a stranger sees them, with the drivers' reliability. */
async function strangerPage(db: Executor, rides: RideRecord[], nowMs: number): Promise<SearchPage> {
  const stats = await statsOfDrivers(
    db,
    rides.map((r) => r.driverId),
    nowMs,
  );
  return buildPage(rides, Audience.stranger(stats));
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

async function viewerPage(deps: Deps, criteria: SearchCriteria, viewerId: string): Promise<SearchPage> {
  const rides = await searchRides(deps.db, criteria);
  const audience = await audienceFor(deps.db, viewerId, {
    owners: rides.map((r) => r.driver),
    stats: { driverIds: rides.map((r) => r.driverId), nowMs: criteria.nowMs },
  });
  return buildPage(rides, audience);
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
  // In a blocked pair, the page leaves the other side's rides out and is this viewer's own (keyed by them).
  const blocked = await blockCounterparts(deps.db, viewerId);
  const blocksOf = blocked.length > 0 ? viewerId : undefined;
  const criteria: SearchCriteria = {
    fromPlaceIds,
    toPlaceIds,
    date: q.date,
    endDate: extra.endDate === q.date ? undefined : extra.endDate,
    seats: Math.max(q.passengers, extra.minSeats ?? 1),
    nowMs: now,
    minPrice: extra.minPrice,
    maxPrice: extra.maxPrice,
    departAfter: extra.departAfter,
    departBefore: extra.departBefore,
    sort: extra.sort ?? 'departure',
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
    womenOnly: q.womenOnly ?? extra.womenOnly,
    blocksOf,
  };
  // Kept pages are voided by place pair and one date (decision 008); a range of dates is answered fresh.
  let page: SearchPage | undefined;
  if (criteria.endDate) {
    page = await strangerPage(deps.db, await searchRides(deps.db, criteria), now);
  } else {
    const key = pageKey(criteria, blocked);
    page = deps.searchCache.get(key, now);
    if (!page) {
      const since = deps.searchCache.mark();
      page = await strangerPage(deps.db, await searchRides(deps.db, criteria), now);
      deps.searchCache.set(key, criteria, since, page, now);
    }
  }
  if (await seesWithheld(deps.db, page, viewerId)) page = await viewerPage(deps, criteria, viewerId);
  return pageFor(page, viewerId);
}

export function answerSearch(deps: Deps, viewerId: string, q: SearchInput): Promise<Buffer> {
  return searchAnswer(deps, viewerId, q);
}

export function answerFilter(deps: Deps, viewerId: string, q: FilterInput): Promise<Buffer> {
  return searchAnswer(deps, viewerId, q, q);
}
