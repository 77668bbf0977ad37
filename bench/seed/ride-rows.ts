/**
 * One generated ride as rows: the ride, its points, its bookings and their ratings. Every draw from the
 * random source is made in a fixed order, so the same seed gives the same data.
 */
import { addDaysIst, istToUtc, DAY_MS } from '../lib/ist.ts';
import { cumulativeOf, weightedIndex, type Random } from '../lib/random.ts';
import { CARS, PICKUP_POINTS, RIDE_NOTES } from './cars.ts';
import { CITIES } from './cities.ts';
import type { SeedPlaces } from './seed-places.ts';
import { planPoints, priceOf } from './stops.ts';

/** Share of bookings on a ride with stops that ride a part of it rather than the whole route. */
const SEGMENT_SHARE = 0.5;
/** Share of rides that already happened (the last 14 days): they carry completed bookings and ratings. */
const PAST_SHARE = 0.1;
const FUTURE_DAYS = 30;
const PAST_DAYS = 14;
const RATING_VALUES = cumulativeOf([3, 4, 10, 28, 55]); // 1..5 stars
const RATING_COMMENTS = [
  'Smooth ride, on time.',
  'Friendly and punctual.',
  'Safe driver.',
  'Good company.',
  'Waited for me, thanks!',
  'A bit late.',
];
const CAR_WEIGHTS = cumulativeOf(CARS.map((c) => c.weight));
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';

/** What the rides are drawn from, and the counters they add to. */
export interface RideWorld {
  rnd: Random;
  now: number;
  today: string;
  newId: () => string;
  pairs: [number, number, number][];
  cumulative: Float64Array;
  userIds: string[];
  userCity: Uint16Array;
  /** A user, mostly one living in the city. */
  userIn: (city: number) => number;
  places: SeedPlaces;
  ratingSum: Int32Array;
  ratingCount: Int32Array;
  rideCount: Int32Array;
}

export interface RideBatch {
  rides: unknown[][];
  points: unknown[][];
  bookings: unknown[][];
  ratings: unknown[][];
}

/** Departure times: a morning peak, an evening peak and the rest of the day; on the quarter hour. */
function departureTime(rnd: Random): string {
  const r = rnd.next();
  let minutes =
    r < 0.4 ? rnd.normal(8 * 60, 60) : r < 0.65 ? rnd.normal(18 * 60, 90) : rnd.int(5 * 60, 23 * 60);
  minutes = Math.min(23 * 60 + 45, Math.max(4 * 60, Math.round(minutes / 15) * 15));
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The ride's own facts: where and when, who drives which car, seats, price and status. */
function rideFacts(w: RideWorld) {
  const { rnd, now } = w;
  const [from, to, km] = w.pairs[weightedIndex(w.cumulative, rnd.next())]!;
  const past = rnd.chance(PAST_SHARE);
  const date = past
    ? addDaysIst(w.today, -rnd.int(1, PAST_DAYS))
    : addDaysIst(w.today, rnd.int(0, FUTURE_DAYS - 1));
  const time = departureTime(rnd);
  const departureAt = istToUtc(date, time);
  const driver = w.userIn(from);
  // A driver keeps one car: its model and number follow from who they are.
  const car = CARS[weightedIndex(CAR_WEIGHTS, ((driver * 2654435761) >>> 0) / 4294967296)]!;
  const state = CITIES[w.userCity[driver]!]!.state;
  const carNumber = `${state} ${String((driver % 98) + 1).padStart(2, '0')} ${LETTERS[driver % 23]}${LETTERS[(driver >> 5) % 23]} ${String((driver * 7919) % 10000).padStart(4, '0')}`;
  const totalSeats = Math.min(car.seats, rnd.chance(0.6) ? 3 : rnd.int(1, car.seats));
  const price = Math.max(50, Math.round((km * (2.2 + rnd.next() * 1.3)) / 10) * 10);
  const instant = rnd.chance(0.4);
  const deleted = !past && rnd.chance(0.005);
  const cancelled = past ? !rnd.chance(0.9) : deleted || rnd.chance(0.03);
  const status = cancelled ? 'CANCELLED' : past ? 'COMPLETED' : 'ACTIVE';
  const created = Math.min(now - rnd.int(60_000, 3 * DAY_MS), departureAt - rnd.int(3_600_000, 10 * DAY_MS));
  return {
    from,
    to,
    date,
    time,
    departureAt,
    driver,
    car,
    carNumber,
    totalSeats,
    price,
    instant,
    deleted,
    status,
    created,
  };
}

type Facts = ReturnType<typeof rideFacts> & { rideId: string; route: ReturnType<typeof planPoints> };

/** Ratings of a completed booking, each way by chance; the ratees' sums and counts grow with them. */
function rate(w: RideWorld, f: Facts, passenger: number, out: RideBatch) {
  const one = (rater: number, ratee: number) => {
    const stars = weightedIndex(RATING_VALUES, w.rnd.next()) + 1;
    w.ratingSum[ratee]! += stars;
    w.ratingCount[ratee]! += 1;
    out.ratings.push([
      w.newId(),
      f.rideId,
      w.userIds[rater],
      w.userIds[ratee],
      stars,
      w.rnd.chance(0.4) ? w.rnd.pick(RATING_COMMENTS) : null,
      Math.min(w.now, f.departureAt + w.rnd.int(3_600_000, 2 * DAY_MS)),
    ]);
  };
  if (w.rnd.chance(0.55)) one(passenger, f.driver);
  if (w.rnd.chance(0.35)) one(f.driver, passenger);
}

/**
 * Bookings: distinct passengers, never the driver, never more seats than a leg has; on a ride with stops,
 * half of them ride a part of it. Takes their seats from `legs`.
 */
function addBookings(w: RideWorld, f: Facts, legs: number[], out: RideBatch) {
  const { rnd } = w;
  const last = f.route.points.length - 1;
  const r = rnd.next();
  const wanted = r < 0.45 ? 0 : r < 0.75 ? 1 : r < 0.9 ? 2 : 3;
  const riders = new Set<number>([f.driver]);
  for (let b = 0; b < wanted; b += 1) {
    const passenger = w.userIn(f.from);
    if (riders.has(passenger)) continue;
    const whole = last === 1 || !rnd.chance(SEGMENT_SHARE);
    const fromStop = whole ? 0 : rnd.int(0, last - 1);
    const toStop = whole ? last : rnd.int(fromStop + 1, last);
    const free = Math.min(...legs.slice(fromStop, toStop));
    if (free <= 0) continue;
    riders.add(passenger);
    const seats = Math.min(free, rnd.chance(0.8) ? 1 : 2);
    const [boarding, leaving] = [f.route.points[fromStop]!, f.route.points[toStop]!];
    let status: string;
    if (f.status === 'CANCELLED' || rnd.chance(0.1)) status = 'CANCELLED';
    else if (f.status === 'COMPLETED') status = 'COMPLETED';
    else status = f.instant || rnd.chance(0.55) ? 'CONFIRMED' : 'PENDING';
    if (status !== 'CANCELLED') for (let leg = fromStop; leg < toStop; leg += 1) legs[leg]! -= seats;
    const bookedAt = Math.min(
      w.now - 60_000,
      f.created + rnd.int(60_000, Math.max(120_000, f.departureAt - f.created)),
    );
    const open = status === 'CONFIRMED' || status === 'PENDING';
    out.bookings.push([
      w.newId(),
      f.rideId,
      w.userIds[passenger],
      seats,
      seats * priceOf(f.price, f.route.distanceKm, boarding, leaving),
      status,
      status === 'COMPLETED' ? 'COMPLETED' : 'PENDING',
      rnd.chance(0.3) ? rnd.pick(PICKUP_POINTS) : null,
      null,
      bookedAt,
      open ? bookedAt : Math.min(w.now, bookedAt + 3_600_000),
      fromStop,
      toStop,
      boarding.place,
      boarding.at,
      leaving.place,
      leaving.at,
    ]);
    if (status === 'COMPLETED') rate(w, f, passenger, out);
  }
}

/** The ride numbered `i`, with its points, bookings and ratings, added to `out`. */
export function addRide(w: RideWorld, i: number, out: RideBatch): void {
  const facts = rideFacts(w);
  const rideId = w.newId();
  const stops = w.places.stopsFor(facts.from, facts.to, i);
  const ends = {
    from: { name: w.places.cityNames[facts.from]!, id: w.places.cityIds[facts.from]! },
    to: { name: w.places.cityNames[facts.to]!, id: w.places.cityIds[facts.to]! },
  };
  const f: Facts = { ...facts, rideId, route: planPoints(facts.date, facts.time, ends, stops) };
  const last = f.route.points.length - 1;
  const legs = new Array<number>(last).fill(f.totalSeats);
  if (!f.deleted) {
    w.rideCount[f.from]! += 1;
    w.rideCount[f.to]! += 1;
  }
  addBookings(w, f, legs, out);
  const { places } = w;
  out.rides.push([
    rideId,
    w.userIds[f.driver],
    places.cityIds[f.from],
    places.cityIds[f.to],
    places.cityNames[f.from],
    places.cityNames[f.to],
    f.date,
    f.time,
    f.departureAt,
    f.totalSeats,
    Math.min(...legs),
    f.price,
    f.car.model,
    f.carNumber,
    w.rnd.chance(0.25) ? w.rnd.pick(RIDE_NOTES) : null,
    f.instant ? 1 : 0,
    f.status,
    f.deleted ? f.created + 1000 : null,
    f.created,
    f.deleted ? f.created + 1000 : f.created,
    f.route.distanceKm,
  ]);
  for (const p of f.route.points) {
    const seatsToNext = p.idx < last ? legs[p.idx] : null;
    out.points.push([
      rideId,
      p.idx,
      p.placeId,
      p.place,
      p.lat,
      p.lng,
      p.date,
      p.time,
      p.at,
      p.estimated ? 1 : 0,
      p.kmFromStart,
      seatsToNext,
    ]);
  }
}
