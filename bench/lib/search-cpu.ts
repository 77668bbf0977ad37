import type { Kysely } from 'kysely';
import { queryTerm } from '../../apps/server/dist/features/places/place-names.js';
import { PlaceMatchCache } from '../../apps/server/dist/features/places/place-match-cache.js';
import { placeIdsMatching } from '../../apps/server/dist/features/places/places.repo.js';
import { findAlongTheWay, type AlongCriteria } from '../../apps/server/dist/features/rides/along-the-way.js';
import { searchedPlace } from '../../apps/server/dist/features/rides/search.service.js';

/** What a filter adds to a search: the server's own criteria. */
export type FilterCriteria = Pick<
  AlongCriteria,
  'sort' | 'departAfter' | 'departBefore' | 'minPrice' | 'maxPrice'
>;

/**
 * CPU milliseconds of the database work of one search (the two place look-ups and the search along the
 * way with a 10 km radius, as the server runs them, without its page cache), averaged over searches drawn from the data, and per
 * ride returned: a small database fills fewer of a page's 20 places, so the cost per ride is what shows
 * whether the work grows with the data (a scan) or with the answer (an index). Measured in this process
 * with process.cpuUsage, so it does not move with the load other programs put on the machine.
 */
export async function searchCpuMs(
  db: Kysely<any>,
  searches: { from: string; to: string; date: string }[],
  n = 300,
  // A filter's criteria for the i-th search (sort, departure window), as GET /api/rides/filter takes them.
  filter?: (i: number) => FilterCriteria,
): Promise<{ perSearch: number; perRide: number; ridesPerSearch: number; each: SearchCost[] }> {
  let rides = 0;
  const places = new PlaceMatchCache();
  const run = async (q: { from: string; to: string; date: string }, i: number) => {
    const [from, to] = await Promise.all([
      placeIdsMatching(db, places, queryTerm(q.from)),
      placeIdsMatching(db, places, queryTerm(q.to)),
    ]);
    return findAlongTheWay(db, {
      from: await searchedPlace({ db, placeMatches: places }, q.from, from),
      to: await searchedPlace({ db, placeMatches: places }, q.to, to),
      dates: [q.date],
      radiusKm: 10,
      seats: 1,
      nowMs: Date.now(),
      sort: 'departure',
      limit: 20,
      offset: 0,
      womenOnly: false,
      blocked: [],
      ...filter?.(i),
    });
  };
  for (const [i, q] of searches.slice(0, 50).entries()) await run(q, i); // warm caches and the JIT
  const each: SearchCost[] = [];
  const start = process.cpuUsage();
  for (let i = 0; i < n; i += 1) {
    const q = searches[i % searches.length]!;
    const before = process.cpuUsage();
    const page = (await run(q, i)).rides;
    const used = process.cpuUsage(before);
    each.push({
      search: `${q.from} to ${q.to}, ${q.date}`,
      ms: (used.user + used.system) / 1000,
      rides: page.length,
      page: page.map((f) => `${f.ride.id}@${f.segment.pricePerSeat}`).join(' '),
    });
    rides += page.length;
  }
  const used = process.cpuUsage(start);
  const ms = (used.user + used.system) / 1000;
  return { perSearch: ms / n, perRide: ms / Math.max(1, rides), ridesPerSearch: rides / n, each };
}

/** One search's CPU, for the spread of the costs (the slowest searches are the ones to look at). */
export interface SearchCost {
  search: string;
  ms: number;
  rides: number;
  /** The page found: ride ids with their segment prices, in order. */
  page: string;
}

/** p50, p90, p99 and the largest of the searches' CPU, and the share of it the slowest tenth took. */
export function spreadOf(each: readonly SearchCost[]): string {
  const ms = each.map((e) => e.ms).sort((a, b) => a - b);
  const at = (p: number) => ms[Math.floor(p * (ms.length - 1))]!.toFixed(1);
  const total = ms.reduce((a, b) => a + b, 0);
  const slowest = ms.slice(Math.floor(ms.length * 0.9)).reduce((a, b) => a + b, 0);
  return `p50 ${at(0.5)}, p90 ${at(0.9)}, p99 ${at(0.99)}, max ${at(1)} ms; slowest tenth ${((100 * slowest) / total).toFixed(0)} % of the CPU`;
}
