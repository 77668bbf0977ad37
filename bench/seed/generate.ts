import { istDateOf, DAY_MS } from '../lib/ist.ts';
import { cumulativeOf, Random, uuid7, weightedIndex } from '../lib/random.ts';
import { CITIES, type City } from './cities.ts';
import { BOOKING_COLUMNS, POINT_COLUMNS, RATING_COLUMNS, RIDE_COLUMNS, USER_COLUMNS } from './columns.ts';
import { BIOS, FIRST_NAMES, LAST_NAMES } from './names.ts';
import { addRide, type RideBatch, type RideWorld } from './ride-rows.ts';
import { SeedPlaces } from './seed-places.ts';
import type { Sink } from './sinks.ts';

export interface SeedOptions {
  users: number;
  rides: number;
  seed: number;
  nowMs: number;
  passwordHash: string;
  /** Called after each batch with what has been written so far. */
  progress?: (p: Progress) => void;
}

export interface SeedResult {
  users: number;
  rides: number;
  bookings: number;
  ratings: number;
  places: number;
}

type Progress = { users: number; rides: number; bookings: number; ratings: number };

const BATCH = 10_000;

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
function cityPairs(): { pairs: [number, number, number][]; cumulative: Float64Array } {
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

/** Users, each living in a city chosen by population. */
async function seedUsers(sink: Sink, o: SeedOptions, rnd: Random, newId: () => string, progress: Progress) {
  const cityWeights = cumulativeOf(CITIES.map((c) => c.pop));
  const userIds: string[] = new Array(o.users);
  const userCity = new Uint16Array(o.users);
  const usersByCity: number[][] = CITIES.map(() => []);
  for (let start = 0; start < o.users; start += BATCH) {
    const rows: unknown[][] = [];
    for (let i = start; i < Math.min(o.users, start + BATCH); i += 1) {
      const first = rnd.pick(FIRST_NAMES);
      const last = rnd.pick(LAST_NAMES);
      const city = weightedIndex(cityWeights, rnd.next());
      const id = newId();
      userIds[i] = id;
      userCity[i] = city;
      usersByCity[city]!.push(i);
      const phone = `${rnd.int(6, 9)}${String(rnd.int(0, 999_999_999)).padStart(9, '0')}`;
      const created = o.nowMs - rnd.int(1, 730) * DAY_MS - rnd.int(0, DAY_MS);
      const location = `${CITIES[city]!.name}, India`;
      const bio = rnd.chance(0.2) ? rnd.pick(BIOS) : null;
      const verified = rnd.chance(0.95) ? 1 : 0;
      const email = `${first}.${last}.${i}@example.com`.toLowerCase();
      rows.push([
        id,
        email,
        first,
        last,
        phone,
        location,
        bio,
        o.passwordHash,
        null,
        verified,
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
  return { userIds, userCity, usersByCity };
}

/** Rides with their points, bookings and ratings, a batch at a time (the stops' new places first). */
async function seedRides(sink: Sink, o: SeedOptions, w: RideWorld, progress: Progress) {
  for (let start = 0; start < o.rides; start += BATCH) {
    const batch: RideBatch = { rides: [], points: [], bookings: [], ratings: [] };
    for (let i = start; i < Math.min(o.rides, start + BATCH); i += 1) addRide(w, i, batch);
    await w.places.flush(sink);
    await sink.insert('rides', RIDE_COLUMNS, batch.rides);
    await sink.insert('ride_points', POINT_COLUMNS, batch.points);
    if (batch.bookings.length) await sink.insert('bookings', BOOKING_COLUMNS, batch.bookings);
    if (batch.ratings.length) await sink.insert('ratings', RATING_COLUMNS, batch.ratings);
    progress.rides += batch.rides.length;
    progress.bookings += batch.bookings.length;
    progress.ratings += batch.ratings.length;
    o.progress?.(progress);
  }
}

/** Derived counters, as the server keeps them: users' rating sums and counts, places' ride counts. */
async function seedCounters(sink: Sink, w: RideWorld) {
  const rated: unknown[][] = [];
  w.ratingCount.forEach((n, i) => {
    if (n > 0) rated.push([w.ratingSum[i], n, w.userIds[i]]);
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
    CITIES.map((_, i) => [w.rideCount[i], w.places.cityIds[i]]),
  );
}

/**
 * Fills the database: places (with the server's own normalisation and search terms, so generated
 * rides are found exactly like real ones), users, rides with bookings and ratings, then the
 * derived counters (users' rating sums and counts, places' ride counts).
 */
export async function generate(sink: Sink, o: SeedOptions): Promise<SeedResult> {
  const rnd = new Random(o.seed);
  let idClock = o.nowMs - 400 * DAY_MS; // ids are time-ordered per table (see uuid7)
  const newId = () => uuid7(idClock++, rnd);
  const places = await SeedPlaces.load(sink, rnd, newId, o.nowMs);
  const indexes = await sink.dropIndexes(['users', 'rides', 'bookings', 'ratings']);
  const progress: Progress = { users: 0, rides: 0, bookings: 0, ratings: 0 };
  const { userIds, userCity, usersByCity } = await seedUsers(sink, o, rnd, newId, progress);
  const anyUser = () => rnd.int(0, o.users - 1);
  const world: RideWorld = {
    rnd,
    now: o.nowMs,
    today: istDateOf(o.nowMs),
    newId,
    ...cityPairs(),
    userIds,
    userCity,
    userIn: (city) => {
      const list = usersByCity[city]!;
      return list.length > 0 && rnd.chance(0.85) ? list[rnd.int(0, list.length - 1)]! : anyUser();
    },
    places,
    ratingSum: new Int32Array(o.users),
    ratingCount: new Int32Array(o.users),
    rideCount: new Int32Array(CITIES.length),
  };
  await seedRides(sink, o, world, progress);
  for (const definition of indexes) await sink.exec(definition);
  await seedCounters(sink, world);
  await sink.flush();
  return { ...progress, places: places.made };
}
