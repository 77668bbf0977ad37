import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '@saathchalo/shared';
import { commuteDueNow } from '../../test/commutes.js';
import type { TestUser } from '../../test/factories.js';
import { call } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * A block and the blocked (or blocking) person's account deletion at the same moment, over PostgreSQL's
 * pool: both lock the same commutes and rides, and each must wait for the other, never deadlock (a 500
 * for the one PostgreSQL aborts). SQLite runs one write at a time.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

// Before the block wrote its row last, PostgreSQL aborted the block as a deadlock in 4 to 8 rounds of 16,
// either way round.
const ROUNDS = 16;

/** The block and the deletion together: the deletion succeeds; the block too, or finds no such user. */
async function blockWhileDeleting(who: TestUser, whom: TestUser, deleting: TestUser) {
  const [blocked, deleted] = await Promise.all([
    call(ctx, 'POST', `/api/users/${whom.id}/block`, who),
    call(ctx, 'DELETE', '/api/users/profile', deleting),
  ]);
  expect(deleted.body).toEqual({
    success: true,
    data: null,
    message: ACCOUNT_MSG.accountDeleted,
    error: null,
  });
  expect([200, 404]).toContain(blocked.status);
}

/** The passenger's bookings on the commute's rides still open: none may be. */
const openBookingsOf = async (passengerId: string) =>
  ctx.db
    .selectFrom('bookings')
    .select('id')
    .where('passenger_id', '=', passengerId)
    .where('status', 'in', ['PENDING', 'CONFIRMED'])
    .execute();

describe('a driver blocking a standing passenger who deletes their account that moment', () => {
  it('succeeds, or finds the account gone, and leaves the passenger no open booking', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const commute = await commuteDueNow(ctx, 'standing');
      await blockWhileDeleting(commute.driver, commute.passenger, commute.passenger);
      expect(await openBookingsOf(commute.passenger.id)).toEqual([]);
    }
  });
});

describe('a standing passenger blocking a driver who deletes their account that moment', () => {
  it('succeeds, or finds the account gone, and leaves the passenger no open booking', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const commute = await commuteDueNow(ctx, 'standing');
      await blockWhileDeleting(commute.passenger, commute.driver, commute.driver);
      expect(await openBookingsOf(commute.passenger.id)).toEqual([]);
    }
  });
});
