import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commuteDueNow as dueNow, weekends } from '../../test/commutes.js';
import type { TestUser } from '../../test/factories.js';
import { runJobs } from '../../test/jobs.js';
import { call } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

// Before the job took the commute's lock, PostgreSQL lost the edit in about 1 round of 3, and the stop and
// the new standing booking's day in nearly every round; SQLite runs one write at a time and never did.
const ROUNDS = 16;
const commuteDueNow = (booked: Parameters<typeof dueNow>[1]) => dueNow(ctx, booked);
const subscribe = (id: string, passenger: TestUser) =>
  call(ctx, 'POST', `/api/commutes/${id}/subscriptions`, passenger, { seats: 1 });

/** Each upcoming ride of the commute as its driver sees it: date, time, route, seats, price, women-only, status. */
const upcoming = async (id: string, driver: TestUser): Promise<string[]> =>
  (await call(ctx, 'GET', `/api/commutes/${id}`, driver)).body.data.upcoming.map(
    (r: any) =>
      `${r.departureDate.slice(5)} ${r.departureTime} ${r.stops.map((s: any) => s.place).join('>')} ` +
      `${r.totalSeats} seats Rs ${r.pricePerSeat}${r.womenOnly ? ' women only' : ''} ${r.status}`,
  );

const BOOKED = ['11-28', '11-29', '12-05'].map(
  (d) => `${d} 08:30 Whitefield>Koramangala 3 seats Rs 120 ACTIVE`,
);

describe('a commute edited while its job makes the next day', () => {
  it.each([
    {
      edit: 'its time, route, seats, price and women-only',
      body: weekends({
        departureTime: '09:15',
        stops: [{ place: 'Marathahalli', time: '09:35' }],
        seats: 2,
        pricePerSeat: 150,
        womenOnly: true,
      }),
      rides: [...BOOKED, '12-06 09:15 Whitefield>Marathahalli>Koramangala 2 seats Rs 150 women only ACTIVE'],
    },
    { edit: 'its days (Saturdays only)', body: weekends({ days: ['SAT'] }), rides: BOOKED },
  ])('$edit: the booked rides keep their data, the day made now is as edited', async ({ body, rides }) => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const commute = await commuteDueNow('one by one');
      const [edited, jobs] = await Promise.all([
        call(ctx, 'PUT', `/api/commutes/${commute.id}`, commute.driver, body),
        runJobs(ctx),
      ]);
      expect(edited.status).toBe(200);
      expect(jobs.failed).toBe(0);
      expect(await upcoming(commute.id, commute.driver)).toEqual(rides);
    }
  });
});

describe('a commute stopped while its job makes the next day', () => {
  it('leaves no ride of it to find or book, and no booking of its standing passenger open', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const commute = await commuteDueNow('standing');
      const [stopped, jobs] = await Promise.all([
        call(ctx, 'DELETE', `/api/commutes/${commute.id}`, commute.driver),
        runJobs(ctx),
      ]);
      expect(stopped.status).toBe(200);
      expect(jobs.failed).toBe(0);
      const rides = await upcoming(commute.id, commute.driver);
      expect(rides.filter((r) => !r.endsWith(' CANCELLED'))).toEqual([]);
      const found = await call(
        ctx,
        'GET',
        '/api/rides/search?from=Whitefield&to=Koramangala&date=2026-12-06',
        commute.passenger,
      );
      expect(found.body.data.filter((r: { commuteId?: string }) => r.commuteId === commute.id)).toEqual([]);
      const mine = await call(ctx, 'GET', '/api/bookings/my-bookings', commute.passenger);
      expect(mine.body.data.filter((b: { status: string }) => b.status !== 'CANCELLED')).toEqual([]);
    }
  });
});

describe('a standing booking made while its job makes the next day', () => {
  it('books that day too, whichever commits first', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const commute = await commuteDueNow('not yet');
      const [subscribed, jobs] = await Promise.all([subscribe(commute.id, commute.passenger), runJobs(ctx)]);
      expect(subscribed.status).toBe(201);
      expect(jobs.failed).toBe(0);
      const mine = await call(ctx, 'GET', '/api/bookings/my-bookings', commute.passenger);
      expect(mine.body.data.map((b: any) => `${b.ride.departureDate.slice(5)} ${b.status}`).sort()).toEqual(
        ['11-28', '11-29', '12-05', '12-06'].map((d) => `${d} CONFIRMED`),
      );
    }
  });
});
