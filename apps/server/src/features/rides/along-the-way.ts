import { istDate, istTime } from '@saathchalo/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { rideQuery, toRideRecord, withPoints, type RideRecord } from '../marketplace/ride-record.js';
import { candidateRideIds } from './along-the-way.repo.js';
import { cellsNear } from '../marketplace/route-cells.js';
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
}

/** The `segment` of a search result, and the numbers that replace the ride's at the top level. */
export interface Segment {
  fromStop: number;
  toStop: number;
  from: SegmentEnd;
  to: SegmentEnd;
  pricePerSeat: number;
  availableSeats: number;
}
interface SegmentEnd {
  place: string;
  date: string;
  time: string;
  distanceKm: number;
}

export interface FoundRide {
  ride: RideRecord;
  segment: Segment;
  /** When the passenger boards, UTC ms. */
  boardAt: number;
}

/** Cells within the radius of every known spot of a searched place (route-cells.ts). */
export function searchCells(place: SearchedPlace, radiusKm: number): number[] {
  return [...new Set(place.spots.flatMap((s) => cellsNear(s.lat, s.lng, radiusKm)))].sort((a, b) => a - b);
}

const end = (at: number, place: string, distanceKm: number): SegmentEnd => ({
  place,
  date: istDate(at),
  time: istTime(at),
  distanceKm: Math.round(distanceKm * 10) / 10,
});

/**
 * One page of rides passing near `from` and later near `to`: the grid gives candidates by index, the
 * points of those rides are matched exactly in code, then ordered by boarding time and distance.
 */
export async function findAlongTheWay(db: Executor, c: AlongCriteria): Promise<FoundRide[]> {
  const ids = await candidateRideIds(db, {
    fromCells: searchCells(c.from, c.radiusKm),
    fromPlaceIds: [...c.from.placeIds],
    toCells: searchCells(c.to, c.radiusKm),
    toPlaceIds: [...c.to.placeIds],
    dates: c.dates,
  });
  const routes = await routesOf(db, ids);
  const matched: { id: string; match: RouteMatch; price: number; driverRating: number }[] = [];
  for (const route of routes) {
    const match = matchRoute(route.points, { ...c, passengers: c.seats });
    if (!match || !c.dates.includes(istDate(match.board.at))) continue;
    const price = segmentPrice(route.pricePerSeat, match.segmentKm, route.distanceKm);
    if (c.minPrice !== undefined && price < c.minPrice) continue;
    if (c.maxPrice !== undefined && price > c.maxPrice) continue;
    const time = istTime(match.board.at);
    if (c.departAfter !== undefined && time < c.departAfter) continue;
    if (c.departBefore !== undefined && time > c.departBefore) continue;
    matched.push({ id: route.id, match, price, driverRating: route.driverRating });
  }
  const distance = (m: RouteMatch) => m.board.distanceKm + m.leave.distanceKm;
  matched.sort(
    (a, b) =>
      (c.sort === 'price' ? a.price - b.price : 0) ||
      (c.sort === 'rating' ? b.driverRating - a.driverRating : 0) ||
      a.match.board.at - b.match.board.at ||
      distance(a.match) - distance(b.match) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  const page = matched.slice(c.offset, c.offset + c.limit);
  if (page.length === 0) return [];
  const records = (
    await rideQuery(db)
      .where(
        'r.id',
        'in',
        page.map((m) => m.id),
      )
      .execute()
  ).map(toRideRecord);
  const rides = new Map((await withPoints(db, records)).map((ride) => [ride.id, ride]));
  return page.flatMap(({ id, match, price }) => {
    const ride = rides.get(id);
    if (!ride) return [];
    const segment: Segment = {
      fromStop: match.fromStop,
      toStop: match.toStop,
      from: end(match.board.at, match.board.placeName, match.board.distanceKm),
      to: end(match.leave.at, match.leave.placeName, match.leave.distanceKm),
      pricePerSeat: price,
      availableSeats: match.availableSeats,
    };
    return [{ ride, segment, boardAt: match.board.at }];
  });
}

interface Route {
  id: string;
  pricePerSeat: number;
  distanceKm: number | null;
  driverRating: number;
  points: MatchPoint[];
}

/** The points of bookable rides among `ids`, in order (ride_points by its key, rides by theirs). */
async function routesOf(db: Executor, ids: readonly string[]): Promise<Route[]> {
  const routes = new Map<string, Route>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('ride_points as p')
      .innerJoin('rides as r', 'r.id', 'p.ride_id')
      .innerJoin('users as d', 'd.id', 'r.driver_id')
      .select([
        'p.ride_id',
        'p.place_id',
        'p.place_name',
        'p.lat',
        'p.lng',
        'p.at',
        'p.km_from_start',
        'p.seats_to_next',
        'r.price_per_seat',
        'r.distance_km',
        sql<number>`case when d.rating_count = 0 then 0 else d.rating_sum * 1.0 / d.rating_count end`.as(
          'rating',
        ),
      ])
      .where('p.ride_id', 'in', ids.slice(i, i + 500))
      .where('r.status', '=', 'ACTIVE')
      .where('r.deleted_at', 'is', null)
      .orderBy('p.ride_id')
      .orderBy('p.idx')
      .execute();
    for (const row of rows) {
      let route = routes.get(row.ride_id);
      if (!route) {
        route = {
          id: row.ride_id,
          pricePerSeat: row.price_per_seat,
          distanceKm: row.distance_km === null ? null : Number(row.distance_km),
          driverRating: Number(row.rating),
          points: [],
        };
        routes.set(row.ride_id, route);
      }
      route.points.push({
        placeId: row.place_id,
        placeName: row.place_name,
        lat: row.lat === null ? null : Number(row.lat),
        lng: row.lng === null ? null : Number(row.lng),
        at: Number(row.at),
        kmFromStart: row.km_from_start === null ? null : Number(row.km_from_start),
        seatsToNext: row.seats_to_next,
      });
    }
  }
  return [...routes.values()];
}
