import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG, ERR } from '@saathchalo/shared';
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

/** Block rows that name an account deleted since. */
const blocksOfDeleted = () =>
  ctx.db
    .selectFrom('user_blocks as k')
    .innerJoin('users as u', (j) =>
      j.on((eb) => eb.or([eb('u.id', '=', eb.ref('k.blocker_id')), eb('u.id', '=', eb.ref('k.blocked_id'))])),
    )
    .select(['k.blocker_id', 'k.blocked_id'])
    .where('u.deleted_at', 'is not', null)
    .execute();

describe('a block made while one of the pair deletes their account', () => {
  it.each(['blocker', 'blocked'] as const)(
    'with the %s deleted, succeeds or finds the account gone, and leaves no block naming the deleted account',
    async (deleted) => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const pair = await rideOfDriver(round);
        await book(ctx, pair.passenger, pair.rideId);
        // Either may block: the driver in even rounds, the passenger in odd ones.
        const blocker = round % 2 === 0 ? pair.driver : pair.passenger;
        const blocked = blocker === pair.driver ? pair.passenger : pair.driver;
        const leaving = deleted === 'blocker' ? blocker : blocked;
        const [blocking, deletion] = await Promise.all([
          call(ctx, 'POST', `/api/users/${blocked.id}/block`, blocker),
          call(ctx, 'DELETE', '/api/users/profile', leaving),
        ]);
        expect(deletion.body).toEqual({
          success: true,
          data: null,
          message: ACCOUNT_MSG.accountDeleted,
          error: null,
        });
        // The block before the deletion; or after it: the other account not found, or one's own session
        // ended (401) or found gone (404). A deadlock is a 500.
        if (blocking.status !== 200) {
          expect([401, 404]).toContain(blocking.status);
        }
        expect(await blocksOfDeleted()).toEqual([]);
        expect(await openBookingsOf(pair.passenger, pair.rideId)).toEqual([]);
        // The driver's deletion cancels the ride with the stranger's booking; the passenger's, their own.
        const held = leaving === pair.driver ? 0 : 1;
        expect(await seatState(ctx, pair.rideId)).toEqual({ total: 3, available: 3 - held, held });
      }
    },
    120_000,
  );
});
