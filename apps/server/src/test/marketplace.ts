import type { Booking, Ride } from '@saathchalo/shared';
import type { TestContext } from './test-app.js';
import { createUser, type TestUser } from './factories.js';

/** Dates from 2026-12-01 on, one per call, so rides of one test never show up in another's results. */
export function dateSequence(): () => string {
  let day = 0;
  return () => {
    day += 1;
    return `2026-12-${String(day).padStart(2, '0')}`;
  };
}

/** Tomorrow in IST, seen from the test clock's start (2026-11-22 10:00 IST). */
export const TOMORROW = '2026-11-23';

/** Access tokens live 15 minutes: tests that move past a departure use one 5 minutes after TEST_NOW. */
export const SOON = '10:05';
export const PAST_SOON = 6 * 60_000;

export function rideBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    from: 'Bengaluru',
    to: 'Mysuru',
    departureDate: TOMORROW,
    departureTime: '09:00',
    passengers: 3,
    pricePerSeat: 250,
    carModel: 'Maruti Swift',
    carNumber: 'KA01AB1234',
    additionalInfo: 'No smoking',
    ...overrides,
  };
}

/** Offers a ride through the API, as its driver would; fails the test if it is refused. */
export async function offerRide(
  ctx: TestContext,
  driver: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<Ride> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/rides/offer',
    headers: driver.auth,
    payload: rideBody(overrides),
  });
  if (res.statusCode !== 201) throw new Error(`offer refused: ${res.statusCode} ${res.body}`);
  return res.json().data as Ride;
}

/** Books seats through the API; fails the test if it is refused. */
export async function book(
  ctx: TestContext,
  passenger: TestUser,
  rideId: string,
  seats = 1,
): Promise<Booking> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/rides/${rideId}/book`,
    headers: passenger.auth,
    payload: { seatsRequested: seats },
  });
  if (res.statusCode !== 201) throw new Error(`booking refused: ${res.statusCode} ${res.body}`);
  return res.json().data as Booking;
}

export async function call(
  ctx: TestContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user: TestUser | null,
  payload?: Record<string, unknown>,
) {
  const res = await ctx.app.inject({
    method,
    url,
    headers: user ? user.auth : {},
    ...(payload ? { payload } : {}),
  });
  return {
    status: res.statusCode,
    body: res.json() as { success: boolean; data: any; message: string; error: string | null },
  };
}

/** The ride as stored, for checking the seat invariant against the bookings. */
export async function seatState(ctx: TestContext, rideId: string) {
  const ride = await ctx.db
    .selectFrom('rides')
    .select(['total_seats', 'available_seats'])
    .where('id', '=', rideId)
    .executeTakeFirstOrThrow();
  const held = await ctx.db
    .selectFrom('bookings')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('seats_booked'), eb.lit(0)).as('held'))
    .where('ride_id', '=', rideId)
    .where('status', 'in', ['PENDING', 'CONFIRMED', 'COMPLETED'])
    .executeTakeFirstOrThrow();
  return { total: ride.total_seats, available: ride.available_seats, held: Number(held.held) };
}

/** A driver and a passenger with the names and phones the rides tests assert, and a stranger to either. */
export async function rideParties(ctx: TestContext) {
  const driver = await createUser(ctx, { first_name: 'Ravi', last_name: 'Kumar', phone: '9876543210' });
  const passenger = await createUser(ctx, { first_name: 'Asha', last_name: 'Rao', phone: '9123456780' });
  const stranger = await createUser(ctx);
  return { driver, passenger, stranger };
}

/**
 * The ride's legs as stored against what its bookings hold on each (decision 019): `legs` are the free
 * seats stored per leg, `expected` the total minus the seats of the holding bookings that ride that leg;
 * `available` is rides.available_seats, which must be the smallest of the legs.
 */
export async function legState(ctx: TestContext, rideId: string) {
  const ride = await ctx.db
    .selectFrom('rides')
    .select(['total_seats', 'available_seats'])
    .where('id', '=', rideId)
    .executeTakeFirstOrThrow();
  const points = await ctx.db
    .selectFrom('ride_points')
    .select(['idx', 'seats_to_next'])
    .where('ride_id', '=', rideId)
    .orderBy('idx')
    .execute();
  const held = await ctx.db
    .selectFrom('bookings')
    .select(['seats_booked', 'from_stop', 'to_stop'])
    .where('ride_id', '=', rideId)
    .where('status', 'in', ['PENDING', 'CONFIRMED', 'COMPLETED'])
    .execute();
  const legs = points.filter((p) => p.seats_to_next !== null).map((p) => p.seats_to_next!);
  const expected = legs.map(
    (_, leg) =>
      ride.total_seats -
      held.filter((b) => b.from_stop <= leg && b.to_stop > leg).reduce((sum, b) => sum + b.seats_booked, 0),
  );
  return { legs, expected, available: ride.available_seats };
}

/** Books a segment through the API (point indexes, searched places); answers whatever the server says. */
export function bookSegment(
  ctx: TestContext,
  passenger: TestUser,
  rideId: string,
  segment: Record<string, unknown>,
  seats = 1,
) {
  return call(ctx, 'POST', `/api/rides/${rideId}/book`, passenger, { seatsRequested: seats, ...segment });
}
