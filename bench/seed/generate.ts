import { placeTerms, normalizePlace } from '../../apps/server/dist/features/places/place-names.js';
import { addDaysIst, istDateOf, istToUtc, DAY_MS } from '../lib/ist.ts';
import { cumulativeOf, Random, uuid7, weightedIndex } from '../lib/random.ts';
import { CARS, PICKUP_POINTS, RIDE_NOTES } from './cars.ts';
import { CITIES, type City } from './cities.ts';
import { BIOS, FIRST_NAMES, LAST_NAMES } from './names.ts';
import type { Column, Sink } from './sinks.ts';
import { candidatesBetween, pickStops, planPoints, priceOf, type StopCandidate } from './stops.ts';

export interface SeedOptions {
  users: number;
  rides: number;
  seed: number;
  nowMs: number;
  passwordHash: string;
  /** Called after each batch with what has been written so far. */
  progress?: (p: { users: number; rides: number; bookings: number; ratings: number }) => void;
}

export interface SeedResult {
  users: number;
  rides: number;
  bookings: number;
  ratings: number;
  places: number;
}

const BATCH = 10_000;
/** Share of rides with stops on the way (issue 19: a third of them have 1 to 4). */
const STOPS_SHARE = 1 / 3;
/** Share of bookings on a ride with stops that ride a part of it rather than the whole route. */
const SEGMENT_SHARE = 0.5;
/** Share of rides that already happened (the last 14 days): they carry completed bookings and ratings. */
const PAST_SHARE = 0.1;
const FUTURE_DAYS = 30;
const PAST_DAYS = 14;

const USER_COLUMNS: readonly Column[] = [
  ['id', 'text'],
  ['email', 'text'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['phone', 'text'],
  ['location', 'text'],
  ['bio', 'text'],
  ['password_hash', 'text'],
  ['picture_file', 'text'],
  ['email_verified', 'int'],
  ['rating_sum', 'int'],
  ['rating_count', 'int'],
  ['deleted_at', 'bigint'],
  ['created_at', 'bigint'],
  ['updated_at', 'bigint'],
];
const PLACE_COLUMNS: readonly Column[] = [
  ['id', 'text'],
  ['name', 'text'],
  ['norm', 'text'],
  ['builtin', 'int'],
  ['ride_count', 'int'],
  ['created_at', 'bigint'],
];
const TERM_COLUMNS: readonly Column[] = [
  ['term', 'text'],
  ['place_id', 'text'],
];
const RIDE_COLUMNS: readonly Column[] = [
  ['id', 'text'],
  ['driver_id', 'text'],
  ['from_place_id', 'text'],
  ['to_place_id', 'text'],
  ['from_name', 'text'],
  ['to_name', 'text'],
  ['departure_date', 'text'],
  ['departure_time', 'text'],
  ['departure_at', 'bigint'],
  ['total_seats', 'int'],
  ['available_seats', 'int'],
  ['price_per_seat', 'int'],
  ['car_model', 'text'],
  ['car_number', 'text'],
  ['additional_info', 'text'],
  ['instant_booking', 'int'],
  ['status', 'text'],
  ['deleted_at', 'bigint'],
  ['created_at', 'bigint'],
  ['updated_at', 'bigint'],
  ['distance_km', 'float8'],
];
const POINT_COLUMNS: readonly Column[] = [
  ['ride_id', 'text'],
  ['idx', 'int'],
  ['place_id', 'text'],
  ['place_name', 'text'],
  ['lat', 'float8'],
  ['lng', 'float8'],
  ['departure_date', 'text'],
  ['departure_time', 'text'],
  ['at', 'bigint'],
  ['estimated', 'int'],
  ['km_from_start', 'float8'],
  ['seats_to_next', 'int'],
];
const BOOKING_COLUMNS: readonly Column[] = [
  ['id', 'text'],
  ['ride_id', 'text'],
  ['passenger_id', 'text'],
  ['seats_booked', 'int'],
  ['total_amount', 'int'],
  ['status', 'text'],
  ['payment_status', 'text'],
  ['pickup_location', 'text'],
  ['drop_location', 'text'],
  ['created_at', 'bigint'],
  ['updated_at', 'bigint'],
  ['from_stop', 'int'],
  ['to_stop', 'int'],
  ['pickup_place', 'text'],
  ['pickup_at', 'bigint'],
  ['drop_place', 'text'],
  ['drop_at', 'bigint'],
];
const RATING_COLUMNS: readonly Column[] = [
  ['id', 'text'],
  ['ride_id', 'text'],
  ['rater_id', 'text'],
  ['ratee_id', 'text'],
  ['rating', 'int'],
  ['comment', 'text'],
  ['created_at', 'bigint'],
];

/** Great-circle distance in km; roads are about 1.3 times longer. */
function roadKm(a: City, b: City): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 1.3 * 2 * 6371 * Math.asin(Math.sqrt(h));
}

/**
 * City pairs weighted by a gravity model: population times population over distance^1.6, for trips
 * a car shares (15 to 900 km of road). Big neighbouring cities dominate, as in real carpooling.
 */
export function cityPairs(): { pairs: [number, number, number][]; cumulative: Float64Array } {
  const pairs: [number, number, number][] = [];
  const weights: number[] = [];
  CITIES.forEach((a, i) =>
    CITIES.forEach((b, j) => {
      if (i === j) return;
      const km = roadKm(a, b);
      if (km < 15 || km > 900) return;
      pairs.push([i, j, km]);
      weights.push((a.pop * b.pop) / Math.max(km, 25) ** 1.6);
    }),
  );
  return { pairs, cumulative: cumulativeOf(weights) };
}

/** Departure times: a morning peak, an evening peak and the rest of the day; on the quarter hour. */
function departureTime(rnd: Random): string {
  const r = rnd.next();
  let minutes =
    r < 0.4 ? rnd.normal(8 * 60, 60) : r < 0.65 ? rnd.normal(18 * 60, 90) : rnd.int(5 * 60, 23 * 60);
  minutes = Math.min(23 * 60 + 45, Math.max(4 * 60, Math.round(minutes / 15) * 15));
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

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

/**
 * Fills the database: places (with the server's own normalisation and search terms, so generated
 * rides are found exactly like real ones), users, rides with bookings and ratings, then the
 * derived counters (users' rating sums and counts, places' ride counts).
 */
export async function generate(sink: Sink, o: SeedOptions): Promise<SeedResult> {
  const rnd = new Random(o.seed);
  const now = o.nowMs;
  const today = istDateOf(now);
  let idClock = now - 400 * DAY_MS; // ids are time-ordered per table (see uuid7)

  // Places: one per city. The migrations already load built-in cities; reuse those rows (and the
  // spelling stored first, as the server does) and add the ones missing, with their search terms.
  const existing = new Map(
    (await sink.all<{ id: string; name: string; norm: string }>('SELECT id, name, norm FROM places')).map(
      (p) => [p.norm, p],
    ),
  );
  const placeIds: string[] = [];
  const placeNames: string[] = [];
  const newPlaces: unknown[][] = [];
  for (const c of CITIES) {
    const norm = normalizePlace(c.name);
    const found = existing.get(norm);
    if (found) {
      placeIds.push(found.id);
      placeNames.push(found.name);
    } else {
      const id = uuid7(idClock++, rnd);
      placeIds.push(id);
      placeNames.push(c.name);
      newPlaces.push([id, c.name, norm, 0, 0, now]);
    }
  }
  if (newPlaces.length) {
    await sink.insert('places', PLACE_COLUMNS, newPlaces);
    await sink.insert(
      'place_terms',
      TERM_COLUMNS,
      newPlaces.flatMap((p) => placeTerms(p[1] as string).map((t) => [t, p[0]])),
    );
  }

  // Stops are places too (found by name like any other): one row a name, made when first used.
  const placeByNorm = new Map<string, { id: string; name: string }>(
    [...existing.values()].map((p) => [p.norm, { id: p.id, name: p.name }]),
  );
  CITIES.forEach((c, i) =>
    placeByNorm.set(normalizePlace(c.name), { id: placeIds[i]!, name: placeNames[i]! }),
  );
  let pendingPlaces: unknown[][] = [];
  let stopPlacesMade = 0;
  const stopPlace = (c: StopCandidate) => {
    let place = placeByNorm.get(c.norm);
    if (!place) {
      place = { id: uuid7(idClock++, rnd), name: c.name };
      placeByNorm.set(c.norm, place);
      pendingPlaces.push([place.id, c.name, c.norm, 0, 0, now]);
    }
    return { ...c, id: place.id, name: place.name };
  };
  const candidates = new Map<string, StopCandidate[]>();
  let withStops = 0;
  const stopsOf = (from: number, to: number) => {
    const key = `${from}-${to}`;
    let list = candidates.get(key);
    if (!list) candidates.set(key, (list = candidatesBetween(CITIES[from]!, CITIES[to]!)));
    return list;
  };

  const indexes = await sink.dropIndexes(['users', 'rides', 'bookings', 'ratings']);

  // Users, each living in a city chosen by population.
  const cityWeights = cumulativeOf(CITIES.map((c) => c.pop));
  const userIds: string[] = new Array(o.users);
  const userCity = new Uint16Array(o.users);
  const usersByCity: number[][] = CITIES.map(() => []);
  const progress = { users: 0, rides: 0, bookings: 0, ratings: 0 };
  for (let start = 0; start < o.users; start += BATCH) {
    const rows: unknown[][] = [];
    for (let i = start; i < Math.min(o.users, start + BATCH); i += 1) {
      const first = rnd.pick(FIRST_NAMES);
      const last = rnd.pick(LAST_NAMES);
      const city = weightedIndex(cityWeights, rnd.next());
      const id = uuid7(idClock++, rnd);
      userIds[i] = id;
      userCity[i] = city;
      usersByCity[city]!.push(i);
      const phone = `${rnd.int(6, 9)}${String(rnd.int(0, 999_999_999)).padStart(9, '0')}`;
      const created = now - rnd.int(1, 730) * DAY_MS - rnd.int(0, DAY_MS);
      rows.push([
        id,
        `${first}.${last}.${i}@example.com`.toLowerCase(),
        first,
        last,
        phone,
        `${CITIES[city]!.name}, India`,
        rnd.chance(0.2) ? rnd.pick(BIOS) : null,
        o.passwordHash,
        null,
        rnd.chance(0.95) ? 1 : 0,
        0,
        0,
        null,
        created,
        created,
      ]);
    }
    await sink.insert('users', USER_COLUMNS, rows);
    progress.users += rows.length;
    o.progress?.(progress);
  }

  // Rides with their bookings and ratings.
  const { pairs, cumulative } = cityPairs();
  const ratingSum = new Int32Array(o.users);
  const ratingCount = new Int32Array(o.users);
  const rideCount = new Int32Array(CITIES.length);
  const anyUser = () => rnd.int(0, o.users - 1);
  const userIn = (city: number) => {
    const list = usersByCity[city]!;
    return list.length > 0 && rnd.chance(0.85) ? list[rnd.int(0, list.length - 1)]! : anyUser();
  };

  for (let start = 0; start < o.rides; start += BATCH) {
    const rides: unknown[][] = [];
    const points: unknown[][] = [];
    const bookings: unknown[][] = [];
    const ratings: unknown[][] = [];
    for (let i = start; i < Math.min(o.rides, start + BATCH); i += 1) {
      const [from, to, km] = pairs[weightedIndex(cumulative, rnd.next())]!;
      const past = rnd.chance(PAST_SHARE);
      const date = past
        ? addDaysIst(today, -rnd.int(1, PAST_DAYS))
        : addDaysIst(today, rnd.int(0, FUTURE_DAYS - 1));
      const time = departureTime(rnd);
      const departureAt = istToUtc(date, time);
      const driver = userIn(from);
      // A driver keeps one car: its model and number follow from who they are.
      const car = CARS[weightedIndex(CAR_WEIGHTS, ((driver * 2654435761) >>> 0) / 4294967296)]!;
      const state = CITIES[userCity[driver]!]!.state;
      const carNumber = `${state} ${String((driver % 98) + 1).padStart(2, '0')} ${LETTERS[driver % 23]}${LETTERS[(driver >> 5) % 23]} ${String((driver * 7919) % 10000).padStart(4, '0')}`;
      const totalSeats = Math.min(car.seats, rnd.chance(0.6) ? 3 : rnd.int(1, car.seats));
      const price = Math.max(50, Math.round((km * (2.2 + rnd.next() * 1.3)) / 10) * 10);
      const instant = rnd.chance(0.4);
      const deleted = !past && rnd.chance(0.005);
      const status = past
        ? rnd.chance(0.9)
          ? 'COMPLETED'
          : 'CANCELLED'
        : deleted || rnd.chance(0.03)
          ? 'CANCELLED'
          : 'ACTIVE';
      const created = Math.min(
        now - rnd.int(60_000, 3 * DAY_MS),
        departureAt - rnd.int(3_600_000, 10 * DAY_MS),
      );
      const rideId = uuid7(idClock++, rnd);
      // Short trips often have no town on the way: the rides that do make up the share.
      const between = withStops < (i + 1) * STOPS_SHARE ? stopsOf(from, to) : [];
      const stops = between.length > 0 ? pickStops(rnd, between).map(stopPlace) : [];
      const ends = {
        from: { name: placeNames[from]!, id: placeIds[from]! },
        to: { name: placeNames[to]!, id: placeIds[to]! },
      };
      const route = planPoints(date, time, ends, stops);
      if (stops.length > 0) withStops += 1;
      const last = route.points.length - 1;
      const legs = new Array<number>(last).fill(totalSeats);
      if (!deleted) {
        rideCount[from]! += 1;
        rideCount[to]! += 1;
      }

      // Bookings: distinct passengers, never the driver, never more seats than a leg has; on a ride with
      // stops, half of them ride a part of it.
      const r = rnd.next();
      const wanted = r < 0.45 ? 0 : r < 0.75 ? 1 : r < 0.9 ? 2 : 3;
      const riders = new Set<number>([driver]);
      for (let b = 0; b < wanted; b += 1) {
        const passenger = userIn(from);
        if (riders.has(passenger)) continue;
        const whole = last === 1 || !rnd.chance(SEGMENT_SHARE);
        const fromStop = whole ? 0 : rnd.int(0, last - 1);
        const toStop = whole ? last : rnd.int(fromStop + 1, last);
        const free = Math.min(...legs.slice(fromStop, toStop));
        if (free <= 0) continue;
        riders.add(passenger);
        const seats = Math.min(free, rnd.chance(0.8) ? 1 : 2);
        const [boarding, leaving] = [route.points[fromStop]!, route.points[toStop]!];
        let bStatus: string;
        if (status === 'CANCELLED') bStatus = 'CANCELLED';
        else if (rnd.chance(0.1)) bStatus = 'CANCELLED';
        else if (status === 'COMPLETED') bStatus = 'COMPLETED';
        else bStatus = instant || rnd.chance(0.55) ? 'CONFIRMED' : 'PENDING';
        if (bStatus !== 'CANCELLED') for (let leg = fromStop; leg < toStop; leg += 1) legs[leg]! -= seats;
        const bookedAt = Math.min(
          now - 60_000,
          created + rnd.int(60_000, Math.max(120_000, departureAt - created)),
        );
        const bookingId = uuid7(idClock++, rnd);
        bookings.push([
          bookingId,
          rideId,
          userIds[passenger],
          seats,
          seats * priceOf(price, route.distanceKm, boarding, leaving),
          bStatus,
          bStatus === 'COMPLETED' ? 'COMPLETED' : 'PENDING',
          rnd.chance(0.3) ? rnd.pick(PICKUP_POINTS) : null,
          null,
          bookedAt,
          bStatus === 'CONFIRMED' || bStatus === 'PENDING' ? bookedAt : Math.min(now, bookedAt + 3_600_000),
          fromStop,
          toStop,
          boarding.place,
          boarding.at,
          leaving.place,
          leaving.at,
        ]);
        if (bStatus === 'COMPLETED') {
          const rate = (rater: number, ratee: number) => {
            const stars = weightedIndex(RATING_VALUES, rnd.next()) + 1;
            ratingSum[ratee]! += stars;
            ratingCount[ratee]! += 1;
            ratings.push([
              uuid7(idClock++, rnd),
              rideId,
              userIds[rater],
              userIds[ratee],
              stars,
              rnd.chance(0.4) ? rnd.pick(RATING_COMMENTS) : null,
              Math.min(now, departureAt + rnd.int(3_600_000, 2 * DAY_MS)),
            ]);
          };
          if (rnd.chance(0.55)) rate(passenger, driver);
          if (rnd.chance(0.35)) rate(driver, passenger);
        }
      }

      rides.push([
        rideId,
        userIds[driver],
        placeIds[from],
        placeIds[to],
        placeNames[from],
        placeNames[to],
        date,
        time,
        departureAt,
        totalSeats,
        Math.min(...legs),
        price,
        car.model,
        carNumber,
        rnd.chance(0.25) ? rnd.pick(RIDE_NOTES) : null,
        instant ? 1 : 0,
        status,
        deleted ? created + 1000 : null,
        created,
        deleted ? created + 1000 : created,
        route.distanceKm,
      ]);
      for (const p of route.points) {
        points.push([
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
          p.idx < last ? legs[p.idx] : null,
        ]);
      }
    }
    if (pendingPlaces.length) {
      await sink.insert('places', PLACE_COLUMNS, pendingPlaces);
      await sink.insert(
        'place_terms',
        TERM_COLUMNS,
        pendingPlaces.flatMap((p) => placeTerms(p[1] as string).map((t) => [t, p[0]])),
      );
      stopPlacesMade += pendingPlaces.length;
      pendingPlaces = [];
    }
    await sink.insert('rides', RIDE_COLUMNS, rides);
    await sink.insert('ride_points', POINT_COLUMNS, points);
    if (bookings.length) await sink.insert('bookings', BOOKING_COLUMNS, bookings);
    if (ratings.length) await sink.insert('ratings', RATING_COLUMNS, ratings);
    progress.rides += rides.length;
    progress.bookings += bookings.length;
    progress.ratings += ratings.length;
    o.progress?.(progress);
  }

  for (const definition of indexes) await sink.exec(definition);

  // Derived counters, as the server keeps them.
  const rated: unknown[][] = [];
  ratingCount.forEach((n, i) => {
    if (n > 0) rated.push([ratingSum[i], n, userIds[i]]);
  });
  for (let s = 0; s < rated.length; s += 50_000) {
    await sink.updateMany(
      {
        sqlite: 'UPDATE users SET rating_sum = ?, rating_count = ? WHERE id = ?',
        postgres:
          'UPDATE users SET rating_sum = v.s, rating_count = v.c FROM unnest($1::int[], $2::int[], $3::text[]) AS v(s, c, id) WHERE users.id = v.id',
      },
      [
        ['s', 'int'],
        ['c', 'int'],
        ['id', 'text'],
      ],
      rated.slice(s, s + 50_000),
    );
  }
  await sink.updateMany(
    {
      sqlite: 'UPDATE places SET ride_count = ? WHERE id = ?',
      postgres:
        'UPDATE places SET ride_count = v.n FROM unnest($1::int[], $2::text[]) AS v(n, id) WHERE places.id = v.id',
    },
    [
      ['n', 'int'],
      ['id', 'text'],
    ],
    CITIES.map((_, i) => [rideCount[i], placeIds[i]]),
  );
  await sink.flush();
  return { ...progress, places: newPlaces.length + stopPlacesMade };
}
