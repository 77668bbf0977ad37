import { istToUtcMs } from '@saathchalo/shared';
import { newId, newSecret } from '../lib/ids.js';
import type { Insertable } from 'kysely';
import type { RidePointsTable, RidesTable, UsersTable } from '../db/schema.js';
import type { TestContext } from './test-app.js';

let seq = 0;

export interface TestUser {
  id: string;
  email: string;
  name: string;
  phone: string;
  token: string;
  auth: { authorization: string };
}

/** A users row with unique e-mail and phone, for inserting directly (one, or many in a batch). */
export function userRow(
  now: number,
  overrides: Partial<Insertable<UsersTable>> = {},
): Insertable<UsersTable> & {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
} {
  seq += 1;
  return {
    id: newId(),
    email: `user${seq}-${newSecret().slice(0, 6).toLowerCase()}@example.in`,
    first_name: `Test${seq}`,
    last_name: 'User',
    phone: `98${String(10_000_000 + seq).slice(-8)}`,
    location: 'India',
    bio: null,
    password_hash: 'placeholder',
    picture_file: null,
    email_verified: 1,
    rating_sum: 0,
    rating_count: 0,
    deleted_at: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

type RideRoute = Pick<
  RidesTable,
  | 'driver_id'
  | 'from_place_id'
  | 'to_place_id'
  | 'from_name'
  | 'to_name'
  | 'departure_date'
  | 'departure_time'
>;

/** A rides row (4 of 4 seats at 300, active, leaving at its IST date and time), for inserting in bulk. */
export function rideRow(
  now: number,
  ride: RideRoute & Partial<Insertable<RidesTable>>,
): Insertable<RidesTable> & { id: string } {
  return {
    id: newId(),
    departure_at: istToUtcMs(ride.departure_date, ride.departure_time),
    total_seats: 4,
    available_seats: 4,
    price_per_seat: 300,
    car_model: 'Swift',
    car_number: 'KA01AB1234',
    additional_info: null,
    instant_booking: 0,
    distance_km: null,
    status: 'ACTIVE',
    deleted_at: null,
    created_at: now,
    updated_at: now,
    ...ride,
  };
}

/**
 * The two points of a rides row written directly (every ride has its points, decision 019): its ends at
 * its departure, without coordinates, the ride's free seats on the one leg.
 */
export function endPointRows(
  ride: Pick<
    RidesTable,
    | 'id'
    | 'departure_date'
    | 'departure_time'
    | 'departure_at'
    | 'available_seats'
    | 'from_name'
    | 'from_place_id'
    | 'to_name'
    | 'to_place_id'
  >,
): RidePointsTable[] {
  const point = (idx: number, place: string, placeId: string): RidePointsTable => ({
    ride_id: ride.id,
    idx,
    place_id: placeId,
    place_name: place,
    lat: null,
    lng: null,
    departure_date: ride.departure_date,
    departure_time: ride.departure_time,
    at: ride.departure_at,
    estimated: idx,
    km_from_start: null,
    seats_to_next: idx === 0 ? ride.available_seats : null,
  });
  return [point(0, ride.from_name, ride.from_place_id), point(1, ride.to_name, ride.to_place_id)];
}

/**
 * Inserts a user directly and opens a session for it, so feature tests do not depend on sign-up.
 * The password hash is a placeholder: such a user cannot sign in with a password.
 */
export async function createUser(
  ctx: TestContext,
  overrides: Partial<Insertable<UsersTable>> = {},
): Promise<TestUser> {
  const row = userRow(ctx.clock.now(), overrides);
  await ctx.db.insertInto('users').values(row).execute();
  const token = await openSession(ctx, row.id);
  return {
    id: row.id,
    email: row.email,
    name: `${row.first_name} ${row.last_name}`.trim(),
    phone: row.phone,
    token,
    auth: { authorization: `Bearer ${token}` },
  };
}

/** The same user signed in again now: access tokens live 15 minutes, so a test that moves the clock needs one. */
export async function freshSession(ctx: TestContext, user: TestUser): Promise<TestUser> {
  const token = await openSession(ctx, user.id);
  return { ...user, token, auth: { authorization: `Bearer ${token}` } };
}

/** A live session and its access token for a user that already exists. */
export async function openSession(ctx: TestContext, userId: string): Promise<string> {
  const now = ctx.clock.now();
  const sessionId = newId();
  await ctx.db
    .insertInto('sessions')
    .values({
      id: sessionId,
      user_id: userId,
      created_at: now,
      expires_at: now + 30 * 86_400_000,
      revoked_at: null,
    })
    .execute();
  return ctx.app.deps.jwt.sign({ userId, sessionId }, now);
}
