import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR } from '@saathchalo/shared';
import { createUser, type TestUser } from '../../test/factories.js';
import { book, call, offerRide, seatState } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * A block made at the moment something else touches the pair: a booking of the driver's ride by the
 * passenger, or the deletion of one of the two accounts, in parallel over PostgreSQL's pool. Whichever
 * commits second must see the first: a blocked pair hold no open booking with each other (section 9), and
 * no block names an erased account (its blocks go with its personal data, CONTRACT section 4). Neither may
 * deadlock (a 500 for the one PostgreSQL aborts). SQLite runs one write at a time.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const ROUNDS = 16;
type Side = 'driver' | 'passenger';

/** A driver's ride of 3 seats with a stranger on one of them, and a passenger who has not booked it yet. */
async function rideOfDriver(round: number) {
  const driver = await createUser(ctx);
  const passenger = await createUser(ctx);
  const ride = await offerRide(ctx, driver, { passengers: 3, instantBooking: round % 2 === 0 });
  await book(ctx, await createUser(ctx), ride.id);
  return { driver, passenger, rideId: ride.id };
}

const openBookingsOf = (passenger: TestUser, rideId: string) =>
  ctx.db
    .selectFrom('bookings')
    .select('id')
    .where('passenger_id', '=', passenger.id)
    .where('ride_id', '=', rideId)
    .where('status', 'in', ['PENDING', 'CONFIRMED'])
    .execute();

describe("a passenger booking a driver's ride while one of them blocks the other", () => {
  it.each(['driver', 'passenger'] as const)(
    'by the %s leaves no open booking between them and the seats exact',
    async (blocker: Side) => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const pair = await rideOfDriver(round);
        const blocked = pair[blocker === 'driver' ? 'passenger' : 'driver'];
        const [blocking, booking] = await Promise.all([
          call(ctx, 'POST', `/api/users/${blocked.id}/block`, pair[blocker]),
          call(ctx, 'POST', `/api/rides/${pair.rideId}/book`, pair.passenger, { seatsRequested: 1 }),
        ]);
        expect(blocking.status).toBe(200);
        // Booked before the block (then cancelled by it), or refused once the block is there.
        if (booking.status !== 201) {
          expect([booking.status, booking.body.error]).toEqual([403, ERR.blockedBooking]);
        }
        expect(await openBookingsOf(pair.passenger, pair.rideId)).toEqual([]);
        expect(await seatState(ctx, pair.rideId)).toEqual({ total: 3, available: 2, held: 1 });
      }
    },
    120_000,
  );
});
