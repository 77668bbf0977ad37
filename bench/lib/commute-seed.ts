/**
 * The data of bench/commute-jobs.ts: 200 places, users, N commutes (Mon-Fri, half with a return trip)
 * with their materialisation jobs due now; and for the second scenario, rides with PENDING requests and
 * confirmed bookings whose expiry and reminders fall due the same minute.
 *
 * The places are gazetteer localities of four cities, named as autocomplete offers them ("Adugodi,
 * Bengaluru"), and each commute stays in its city: a commute is offered through the API between such
 * places, so its points have coordinates and its rides are drawn on the search grid (ride_cells), as a
 * real commute's are.
 */
import type { Db } from '../../apps/server/dist/db/database.js';
import { gazetteer } from '../../apps/server/dist/features/places/gazetteer.js';
import { placeTerms } from '../../apps/server/dist/features/places/place-names.js';
import { normalizePlace } from '../../apps/server/dist/features/places/index.js';

const HOUR = 3_600_000;

async function insertChunks(db: Db, table: string, rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto(table as 'users')
      .values(rows.slice(i, i + 500) as never)
      .execute();
  }
}

function user(i: number, t0: number) {
  return {
    ...{ id: `u${i}`, email: `u${i}@bench.in`, first_name: 'User', last_name: String(i) },
    ...{ phone: `98${String(i).padStart(8, '0')}`, location: 'India', bio: null, password_hash: 'x' },
    ...{ picture_file: null, email_verified: 1, rating_sum: 0, rating_count: 0, deleted_at: null },
    ...{ created_at: t0, updated_at: t0 },
  };
}

const CITIES = ['Bengaluru', 'Kolkata', 'Hyderabad', 'Mumbai'];
/** Localities a city, 200 places in all. */
const PER_CITY = 50;

/** The places' names: the first 50 gazetteer localities of each city, in the gazetteer's order. */
export const placeNames: readonly string[] = (() => {
  const all = gazetteer().all();
  return CITIES.flatMap((city) =>
    all
      .filter((p) => p.kind === 'locality' && p.area === city)
      .slice(0, PER_CITY)
      .map((p) => `${p.name}, ${city}`),
  );
})();

/** The place a commute goes to from place `a`: another locality of the same city. */
function partner(i: number, a: number): number {
  const city = a - (a % PER_CITY);
  const b = city + ((i * 7 + 1) % PER_CITY);
  return b === a ? city + ((a + 1) % PER_CITY) : b;
}

/** Places and users (one per commute, and two per booking of the second scenario). */
export async function seedPeople(db: Db, users: number, t0: number): Promise<void> {
  const places = placeNames.map((name, i) => ({
    ...{ id: `p${i}`, name, norm: normalizePlace(name) },
    ...{ builtin: 0, ride_count: 0, created_at: t0 },
  }));
  await insertChunks(db, 'places', places);
  await insertChunks(
    db,
    'place_terms',
    places.flatMap((p) => placeTerms(p.name).map((term) => ({ term, place_id: p.id }))),
  );
  await insertChunks(
    db,
    'users',
    Array.from({ length: users }, (_, i) => user(i, t0)),
  );
}

/** N commutes between the 200 places, each with its materialisation job due at t0. */
export async function seedCommutes(db: Db, count: number, t0: number): Promise<void> {
  const commutes = Array.from({ length: count }, (_, i) => {
    const a = i % placeNames.length;
    const b = partner(i, a);
    return {
      ...{ id: `c${i}`, driver_id: `u${i}`, from_place_id: `p${a}`, to_place_id: `p${b}` },
      ...{ from_name: placeNames[a]!, to_name: placeNames[b]!, stops: '[]', days: 'MON,TUE,WED,THU,FRI' },
      departure_time: `0${7 + (i % 3)}:${String((i % 4) * 15).padStart(2, '0')}`,
      return_time: i % 2 === 0 ? '18:00' : null,
      ...{ start_date: '2026-11-22', end_date: null, seats: 3, price_per_seat: 100, car_model: 'Swift' },
      ...{ car_number: 'KA01AB1234', additional_info: null, instant_booking: 0, status: 'ACTIVE' },
      ...{ created_at: t0, updated_at: t0 },
    };
  });
  await insertChunks(db, 'commutes', commutes);
  await insertChunks(
    db,
    'jobs',
    commutes.map((c) => ({
      ...{ key: `materialise-commute:${c.id}`, kind: 'materialise-commute', subject_id: c.id },
      ...{ due_at: t0, created_at: t0 },
    })),
  );
}

/**
 * 2 x `count` rides leaving at t0 + 4 h, each with its two points: the first `count` with a PENDING
 * request (expiry due t0 + 3 h), the rest with a confirmed booking (reminder due t0 + 3 h).
 */
export async function seedDueBookings(db: Db, count: number, users: number, t0: number): Promise<void> {
  const rides = Array.from({ length: 2 * count }, (_, i) => ({
    ...{ id: `r${i}`, driver_id: `u${i}`, from_place_id: 'p1', to_place_id: 'p2', from_name: placeNames[1]! },
    ...{ to_name: placeNames[2]!, departure_date: '2026-11-22', departure_time: '14:00' },
    ...{ departure_at: t0 + 4 * HOUR, total_seats: 4, available_seats: 3, price_per_seat: 100 },
    ...{ car_model: 'Swift', car_number: 'KA01AB1234', additional_info: null, instant_booking: 0 },
    ...{ status: 'ACTIVE', deleted_at: null, created_at: t0, updated_at: t0 },
  }));
  await insertChunks(db, 'rides', rides);
  await insertChunks(
    db,
    'ride_points',
    rides.flatMap((r) =>
      [0, 1].map((idx) => ({
        ...{ ride_id: r.id, idx, place_id: idx === 0 ? 'p1' : 'p2' },
        ...{ place_name: idx === 0 ? placeNames[1]! : placeNames[2]!, lat: null, lng: null },
        ...{ departure_date: '2026-11-22', departure_time: '14:00', at: t0 + 4 * HOUR, estimated: idx },
        ...{ km_from_start: null, seats_to_next: idx === 0 ? 3 : null },
      })),
    ),
  );
  await insertChunks(
    db,
    'bookings',
    rides.map((r, i) => ({
      ...{
        id: `b${i}`,
        ride_id: r.id,
        passenger_id: `u${users - 1 - i}`,
        seats_booked: 1,
        total_amount: 100,
      },
      ...{ status: i < count ? 'PENDING' : 'CONFIRMED', payment_status: 'PENDING' },
      ...{
        pickup_location: null,
        drop_location: null,
        from_stop: 0,
        to_stop: 1,
        pickup_place: placeNames[1]!,
      },
      ...{ pickup_at: t0 + 4 * HOUR, drop_place: placeNames[2]!, drop_at: t0 + 4 * HOUR },
      ...{ created_at: t0, updated_at: t0 },
    })),
  );
  const job = (kind: string, subject: string) => ({
    ...{ key: `${kind}:${subject}`, kind, subject_id: subject, due_at: t0 + 3 * HOUR, created_at: t0 },
  });
  await insertChunks(db, 'jobs', [
    ...rides.slice(0, count).map((_, i) => job('expire-booking', `b${i}`)),
    ...rides.slice(count).map((r) => job('remind-ride', r.id)),
  ]);
}
