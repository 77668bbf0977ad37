import { sql, type Kysely } from 'kysely';
import { SEED_PASSWORD } from './seed-large.ts';
import type { Samples, Scenario } from './scenario-types.ts';
import { placesScenario } from './places-scenario.ts';
import { bookingScenarios } from './booking-scenarios.ts';

export type { Samples, Scenario } from './scenario-types.ts';

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

export async function sample(db: Kysely<any>, nowMs: number, sizes: { targets: number }): Promise<Samples> {
  const order = sql`random()`;
  const upcoming = (q: any) =>
    q
      .where('status', '=', 'ACTIVE')
      .where('deleted_at', 'is', null)
      .where('departure_at', '>', nowMs + 2 * 3_600_000);
  const searches = await upcoming(db.selectFrom('rides').select(['from_name', 'to_name', 'departure_date']))
    .orderBy(order)
    .limit(2000)
    .execute();
  const rideIds = await db
    .selectFrom('rides')
    .select('id')
    .where('deleted_at', 'is', null)
    .orderBy(order)
    .limit(2000)
    .execute();
  const users = await db.selectFrom('users').select(['id', 'email']).orderBy(order).limit(9000).execute();
  const bookers = await db
    .selectFrom('bookings')
    .select('passenger_id')
    .distinct()
    .where('status', 'in', ['PENDING', 'CONFIRMED', 'COMPLETED'])
    .orderBy('passenger_id')
    .limit(1000)
    .execute();
  const targets = await upcoming(db.selectFrom('rides').select(['id', 'driver_id', 'available_seats']))
    .where('available_seats', '>', 0)
    .orderBy(order)
    .limit(sizes.targets + 1)
    .execute();
  const hot = targets.shift()!;
  const along = await alongTheWay(db, nowMs, sizes.targets);
  return {
    ...along,
    searches: searches.map((r: any) => ({ from: r.from_name, to: r.to_name, date: r.departure_date })),
    rideIds: rideIds.map((r) => r.id),
    // Disjoint groups of users: searchers, passengers who book, users who sign in.
    searchers: users.slice(0, Math.ceil(users.length / 9)).map((u) => u.id),
    bookers: bookers.map((b) => b.passenger_id),
    passengers: users.slice(Math.ceil(users.length / 9), Math.ceil((users.length * 6) / 9)).map((u) => u.id),
    emails: users.slice(Math.ceil((users.length * 6) / 9)).map((u) => u.email),
    bookingTargets: targets.map((r: any) => ({
      id: r.id,
      driverId: r.driver_id,
      seats: Number(r.available_seats),
    })),
    hotRide: { id: hot.id, driverId: hot.driver_id, seats: Number(hot.available_seats) },
  };
}

/**
 * Rides with stops, as search along the way and segment bookings see them: a stop (index 1 to n - 2)
 * and a later point. Empty before the data has stops (a seed without them).
 */
async function alongTheWay(db: Kysely<any>, nowMs: number, targets: number) {
  const rows = await sql<{
    id: string;
    driver_id: string;
    n: number;
    from: string;
    date: string;
    to: string;
  }>`
    select r.id, r.driver_id, (select count(*) from ride_points c where c.ride_id = r.id) as n,
           p.place_name as "from", p.departure_date as date, q.place_name as "to"
    from rides r
    join ride_points p on p.ride_id = r.id and p.idx = 1
    join ride_points q on q.ride_id = r.id and q.idx = 2
    where r.status = 'ACTIVE' and r.deleted_at is null and r.departure_at > ${nowMs + 2 * 3_600_000}
      and r.available_seats > 0
    order by random() limit ${Math.max(2000, targets)}`.execute(db);
  return {
    alongSearches: rows.rows.slice(0, 2000).map((r) => ({ from: r.from, to: r.to, date: r.date })),
    segmentTargets: rows.rows.map((r) => {
      const n = Number(r.n);
      const fromStop = Math.floor(Math.random() * (n - 1));
      const toStop = fromStop + 1 + Math.floor(Math.random() * (n - 1 - fromStop));
      return { id: r.id, driverId: r.driver_id, fromStop, toStop };
    }),
  };
}

/** How a commuter types a city: as shown, in lower case, or a prefix of it ("bengal", "new del"). */
function typed(name: string): string {
  const r = Math.random();
  if (r < 0.6) return name;
  if (r < 0.85) return name.toLowerCase();
  return name.slice(0, Math.max(3, Math.ceil(name.length * 0.7)));
}

/** Sign-in of distinct users (their argon2id hashes), each from its own address as phones behind a proxy. */
function signInScenario(s: Samples): Scenario {
  let nextEmail = 0;
  return {
    name: 'sign-in',
    what: 'POST /api/auth/login: distinct users, argon2id 7 MiB, t=5, from many addresses (X-Forwarded-For)',
    next: () => {
      const email = s.emails[nextEmail++ % s.emails.length]!;
      const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
      return {
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'x-forwarded-for': ip },
        body: JSON.stringify({ email, password: SEED_PASSWORD }),
      };
    },
  };
}

/** Every scenario, in the order a run measures them (the report lists them so). */
export function scenarios(s: Samples, tokens: Map<string, string>): Scenario[] {
  const auth = (userId: string) => ({ authorization: tokens.get(userId)! });
  const searchPath = (base: string) => {
    const q = pick(s.searches);
    return `${base}?from=${encodeURIComponent(typed(q.from))}&to=${encodeURIComponent(typed(q.to))}&date=${q.date}&passengers=${Math.random() < 0.8 ? 1 : 2}`;
  };

  return [
    {
      name: 'health',
      what: 'GET /api/health (baseline: no database work)',
      next: () => ({ method: 'GET', path: '/api/health' }),
    },
    {
      name: 'search',
      what: 'GET /api/rides/search: a random city pair and date from the data, 1-2 seats',
      next: () => ({
        method: 'GET',
        path: searchPath('/api/rides/search'),
        headers: auth(pick(s.searchers)),
      }),
    },
    {
      name: 'filter',
      what: 'GET /api/rides/filter: search plus price range, departure window and a sort',
      next: () => {
        const min = pick([0, 100, 200, 300]);
        const after = pick(['05:00', '06:00', '08:00', '12:00']);
        const sort = pick(['departure', 'price', 'rating']);
        const path = `${searchPath('/api/rides/filter')}&minPrice=${min}&maxPrice=${min + pick([500, 1000, 3000])}&departAfter=${after}&departBefore=23:00&sort=${sort}`;
        return { method: 'GET', path, headers: auth(pick(s.searchers)) };
      },
    },
    {
      name: 'ride',
      what: 'GET /api/rides/:id: one ride with its driver',
      next: () => ({
        method: 'GET',
        path: `/api/rides/${pick(s.rideIds)}`,
        headers: auth(pick(s.searchers)),
      }),
    },
    {
      name: 'my-bookings',
      what: 'GET /api/bookings/my-bookings of passengers who have bookings',
      next: () => ({ method: 'GET', path: '/api/bookings/my-bookings', headers: auth(pick(s.bookers)) }),
    },
    signInScenario(s),
    {
      name: 'search-along',
      what: 'GET /api/rides/search from a stop on the way to a later point, radiusKm=10',
      next: () => {
        const q = pick(s.alongSearches.length ? s.alongSearches : s.searches);
        return {
          method: 'GET',
          path: `/api/rides/search?from=${encodeURIComponent(typed(q.from))}&to=${encodeURIComponent(typed(q.to))}&date=${q.date}&passengers=1&radiusKm=10`,
          headers: auth(pick(s.searchers)),
        };
      },
    },
    placesScenario(),
    ...bookingScenarios(s, auth),
  ];
}

/** Users whose sessions the scenarios need. */
export const sessionUsers = (s: Samples) => [...new Set([...s.searchers, ...s.bookers, ...s.passengers])];

/**
 * Seats against bookings, for every leg of every ride (decision 019): the seats a leg has given away
 * (total - seats_to_next) must equal the seats its PENDING, CONFIRMED and COMPLETED bookings hold on it
 * (from_stop <= leg < to_stop), never exceed the total, and the ride's available seats must be its smallest
 * leg. A ride without stops has one leg: the first wave's check. `held` is the fullest leg's.
 */
export async function oversellCheck(
  db: Kysely<any>,
): Promise<{ rides: number; oversold: number; mismatched: number; examples: unknown[] }> {
  const rows = await sql<{ id: string; total_seats: number; available_seats: number; held: number }>`
    WITH legs AS (
      SELECT p.ride_id, p.idx, p.seats_to_next AS free, COALESCE(SUM(h.seats), 0) AS held
      FROM ride_points p
      LEFT JOIN (
        SELECT ride_id, from_stop, to_stop, SUM(seats_booked) AS seats FROM bookings
        WHERE status IN ('PENDING', 'CONFIRMED', 'COMPLETED') GROUP BY ride_id, from_stop, to_stop
      ) h ON h.ride_id = p.ride_id AND h.from_stop <= p.idx AND h.to_stop > p.idx
      WHERE p.seats_to_next IS NOT NULL
      GROUP BY p.ride_id, p.idx, p.seats_to_next
    )
    SELECT r.id, r.total_seats, r.available_seats, MAX(l.held) AS held
    FROM rides r JOIN legs l ON l.ride_id = r.id
    GROUP BY r.id, r.total_seats, r.available_seats
    HAVING r.available_seats < 0 OR MIN(l.free) < 0 OR MAX(l.held) > r.total_seats
       OR r.available_seats <> MIN(l.free)
       OR SUM(CASE WHEN r.total_seats - l.free <> l.held THEN 1 ELSE 0 END) > 0`.execute(db);
  const total = await db
    .selectFrom('rides')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const bad = rows.rows.map((r) => ({ ...r, held: Number(r.held) }));
  return {
    rides: Number(total.n),
    oversold: bad.filter((r) => r.available_seats < 0 || r.held > r.total_seats).length,
    mismatched: bad.length,
    examples: bad.slice(0, 5),
  };
}
