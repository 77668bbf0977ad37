import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { rideQuery, toRideRecord, withPoints, type RideRecord } from '../marketplace/ride-record.js';

export interface SearchCriteria {
  fromPlaceIds: readonly string[];
  toPlaceIds: readonly string[];
  date: string;
  /** The last date included when the filter asks for a range from `date`; absent for `date` alone. */
  endDate?: string | undefined;
  seats: number;
  nowMs: number;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  departAfter?: string | undefined;
  departBefore?: string | undefined;
  sort: 'departure' | 'price' | 'rating';
  limit: number;
  offset: number;
}

/**
 * Bookable rides between two sets of places on a date. The equality on (from, to, date) and the
 * range on departure_at follow the rides_search index, so this is an index lookup per place pair.
 */
export async function searchRides(db: Executor, c: SearchCriteria): Promise<RideRecord[]> {
  if (c.fromPlaceIds.length === 0 || c.toPlaceIds.length === 0) return [];
  const pairs = c.fromPlaceIds.length * c.toPlaceIds.length;
  // The driver's rating is not in any index of rides: sorted by it, one statement reads the lot.
  if (c.sort === 'rating' || pairs === 1 || pairs > MAX_PAIR_QUERIES) {
    return withPoints(db, (await searchRidesQuery(db, c).execute()).map(toRideRecord));
  }
  // Soonest or cheapest first over several place pairs ("mumbai" is Mumbai and Navi Mumbai): one
  // statement with IN lists cannot read an index in that order, so it reads and sorts every ride of
  // every pair on that date (thousands on a busy corridor at a million rides) to keep twenty. One index
  // walk per pair (rides_search, rides_price) stops after offset + limit rows; the walks are merged
  // here in the statement's own order. (Profiled by bench/, see RESULTS.md.)
  const perPair = { ...c, limit: c.offset + c.limit, offset: 0 };
  const lists = await Promise.all(
    c.fromPlaceIds.flatMap((from) =>
      c.toPlaceIds.map((to) =>
        searchRidesQuery(db, { ...perPair, fromPlaceIds: [from], toPlaceIds: [to] }).execute(),
      ),
    ),
  );
  const page = lists
    .flat()
    .map(toRideRecord)
    .sort(
      (a, b) =>
        (c.sort === 'price' ? a.pricePerSeat - b.pricePerSeat : 0) ||
        a.departureAt - b.departureAt ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .slice(c.offset, c.offset + c.limit);
  return withPoints(db, page);
}

/** Above this many place pairs, one statement with IN lists costs less than a statement per pair. */
const MAX_PAIR_QUERIES = 16;

/** The search statement itself, apart so the query-plan test can EXPLAIN exactly what runs. */
export function searchRidesQuery(db: Executor, c: SearchCriteria) {
  let query = rideQuery(db)
    .where('r.from_place_id', 'in', c.fromPlaceIds)
    .where('r.to_place_id', 'in', c.toPlaceIds)
    .$if(!c.endDate, (q) => q.where('r.departure_date', '=', c.date))
    .$if(!!c.endDate, (q) =>
      q.where('r.departure_date', '>=', c.date).where('r.departure_date', '<=', c.endDate!),
    )
    .where('r.departure_at', '>', c.nowMs)
    .where('r.status', '=', 'ACTIVE')
    .where('r.deleted_at', 'is', null)
    .where('r.available_seats', '>=', c.seats);
  if (c.minPrice !== undefined) query = query.where('r.price_per_seat', '>=', c.minPrice);
  if (c.maxPrice !== undefined) query = query.where('r.price_per_seat', '<=', c.maxPrice);
  if (c.departAfter !== undefined) query = query.where('r.departure_time', '>=', c.departAfter);
  if (c.departBefore !== undefined) query = query.where('r.departure_time', '<=', c.departBefore);
  if (c.sort === 'price') query = query.orderBy('r.price_per_seat', 'asc');
  if (c.sort === 'rating') {
    query = query.orderBy(
      sql`case when d.rating_count = 0 then 0 else d.rating_sum * 1.0 / d.rating_count end`,
      'desc',
    );
  }
  return query.orderBy('r.departure_at', 'asc').orderBy('r.id').limit(c.limit).offset(c.offset);
}
