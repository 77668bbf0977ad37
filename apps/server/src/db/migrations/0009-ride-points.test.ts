import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.js';
import { migrationSteps } from '../../test/migration-steps.js';

/**
 * Migration 0009 gives every existing ride its two points (coordinates from the gazetteer when the
 * name is known, the arrival estimated), its distance, and every booking the whole route.
 */
const NOW = Date.parse('2026-11-22T04:30:00.000Z');
// 2026-11-23 09:00 IST.
const DEPARTURE = Date.parse('2026-11-23T03:30:00.000Z');

let database: TestDatabase;
let db: Kysely<any>;

beforeEach(async () => {
  database = await createTestDatabase({ migrate: false });
  db = database.db as Kysely<any>;
  await migrationSteps(database.db).to('0008-outbox-account-lane');
  await seedAt0008();
});
afterEach(() => database.destroy());

async function place(name: string): Promise<string> {
  const known = await db.selectFrom('places').select('id').where('name', '=', name).executeTakeFirst();
  if (known) return known.id as string;
  const id = `place-${name}`;
  await db
    .insertInto('places')
    .values({ id, name, norm: name.toLowerCase(), builtin: 0, ride_count: 1, created_at: NOW })
    .execute();
  return id;
}

async function seedAt0008() {
  const user = (id: string) => ({
    id,
    email: `${id}@example.in`,
    first_name: id,
    last_name: 'User',
    phone: '9800000000',
    location: 'India',
    password_hash: 'x',
    created_at: NOW,
    updated_at: NOW,
  });
  await db.insertInto('users').values(['driver', 'rider'].map(user)).execute();
  const ride = async (id: string, from: string, to: string, available: number) => ({
    id,
    driver_id: 'driver',
    from_place_id: await place(from),
    to_place_id: await place(to),
    from_name: from,
    to_name: to,
    departure_date: '2026-11-23',
    departure_time: '09:00',
    departure_at: DEPARTURE,
    total_seats: 3,
    available_seats: available,
    price_per_seat: 300,
    car_model: 'Swift',
    car_number: 'KA01',
    instant_booking: 0,
    status: 'ACTIVE',
    created_at: NOW,
    updated_at: NOW,
  });
  await db
    .insertInto('rides')
    .values([await ride('known', 'Bengaluru', 'Mysuru', 1), await ride('unknown', 'Ramu Dhaba', 'Mysuru', 3)])
    .execute();
  await db
    .insertInto('bookings')
    .values({
      id: 'booking',
      ride_id: 'known',
      passenger_id: 'rider',
      seats_booked: 2,
      total_amount: 600,
      status: 'CONFIRMED',
      payment_status: 'PENDING',
      created_at: NOW,
      updated_at: NOW,
    })
    .execute();
}

describe('migration 0009: ride points', () => {
  it('gives every ride its two points, with the gazetteer coordinates and the seats it has free', async () => {
    await migrationSteps(database.db).up();
    const points = await db.selectFrom('ride_points').selectAll().orderBy('ride_id').orderBy('idx').execute();
    expect(
      points.map((p) => ({ ...p, at: Number(p.at), lat: p.lat === null ? null : Number(p.lat) })),
    ).toEqual([
      expect.objectContaining({
        ride_id: 'known',
        idx: 0,
        place_name: 'Bengaluru',
        lat: 12.9719,
        at: DEPARTURE,
        estimated: 0,
        seats_to_next: 1,
      }),
      expect.objectContaining({
        ride_id: 'known',
        idx: 1,
        place_name: 'Mysuru',
        lat: 12.2979,
        departure_time: '12:12',
        estimated: 1,
        seats_to_next: null,
      }),
      expect.objectContaining({
        ride_id: 'unknown',
        idx: 0,
        place_name: 'Ramu Dhaba',
        lat: null,
        seats_to_next: 3,
      }),
      expect.objectContaining({
        ride_id: 'unknown',
        idx: 1,
        place_name: 'Mysuru',
        departure_time: '09:00',
        estimated: 1,
        seats_to_next: null,
      }),
    ]);
    const rides = await db.selectFrom('rides').select(['id', 'distance_km']).orderBy('id').execute();
    expect(rides.map((r) => [r.id, r.distance_km === null ? null : Number(r.distance_km)])).toEqual([
      ['known', 127.8],
      ['unknown', null],
    ]);
    const booking = await db.selectFrom('bookings').selectAll().executeTakeFirstOrThrow();
    expect({
      ...booking,
      pickup_at: Number(booking.pickup_at),
      drop_at: Number(booking.drop_at),
    }).toMatchObject({
      from_stop: 0,
      to_stop: 1,
      pickup_place: 'Bengaluru',
      pickup_at: DEPARTURE,
      drop_place: 'Mysuru',
      drop_at: DEPARTURE + (3 * 60 + 12) * 60_000,
    });
  });

  it('goes down to the rides and bookings it found', async () => {
    await migrationSteps(database.db).up();
    await migrationSteps(database.db).down();
    const booking = await db.selectFrom('bookings').selectAll().executeTakeFirstOrThrow();
    expect(Object.keys(booking)).not.toContain('from_stop');
    expect(await db.selectFrom('rides').select('id').execute()).toHaveLength(2);
  });
});
