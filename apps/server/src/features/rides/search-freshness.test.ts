import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commuteBody, createCommute } from '../../test/commutes.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { book, call, dateSequence, offerRide } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { testDatabaseKind } from '../../test/test-db.js';

/**
 * Search pages are kept between requests (search-cache.ts, decision 008). Whatever a use case changes
 * shows in the very next search: each test searches first (so the page is kept), changes something
 * through the API, and searches again. A ride departing from a kept page is search.test.ts's "leaves out
 * rides that have departed", which searches the same page before and after the clock moves.
 */
let ctx: TestContext;
let searcher: TestUser;
beforeAll(async () => {
  ctx = await createTestApp({ file: true });
  searcher = await createUser(ctx);
});
afterAll(() => ctx.close());

const nextDate = dateSequence();

async function search(params: Record<string, string | number>, user: TestUser = searcher, app = ctx.app) {
  const qs = new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const res = await app.inject({ method: 'GET', url: `/api/rides/search?${qs}`, headers: user.auth });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    id: string;
    availableSeats: number;
    driver: { name: string; rating: number };
  }[];
}
const ids = (rides: { id: string }[]) => rides.map((r) => r.id);

describe('a kept search page never hides a change', () => {
  it('answers the same search the same way twice, byte for byte as an uncached answer', async () => {
    const date = nextDate();
    const driver = await createUser(ctx, { first_name: 'Meena', last_name: 'Iyer' });
    await offerRide(ctx, driver, { from: 'Pune', to: 'Nashik', departureDate: date });
    const url = `/api/rides/search?from=pune&to=nashik&date=${date}`;
    const first = await ctx.app.inject({ method: 'GET', url, headers: searcher.auth });
    const second = await ctx.app.inject({ method: 'GET', url, headers: searcher.auth });
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.stringify(second.json())).toBe(second.body);
  });

  it('lists a ride offered after the page was kept', async () => {
    const date = nextDate();
    const driver = await createUser(ctx);
    expect(await search({ from: 'Surat', to: 'Vadodara', date })).toEqual([]);
    const ride = await offerRide(ctx, driver, { from: 'Surat', to: 'Vadodara', departureDate: date });
    expect(ids(await search({ from: 'Surat', to: 'Vadodara', date }))).toEqual([ride.id]);
  });

  it('follows an edit out of one corridor and date into another', async () => {
    const [date, other] = [nextDate(), nextDate()];
    const driver = await createUser(ctx);
    const ride = await offerRide(ctx, driver, { from: 'Agra', to: 'Mathura', departureDate: date });
    expect(ids(await search({ from: 'Agra', to: 'Mathura', date }))).toEqual([ride.id]);
    expect(await search({ from: 'Agra', to: 'Aligarh', date: other })).toEqual([]);
    const res = await call(ctx, 'PUT', `/api/rides/${ride.id}/update`, driver, {
      from: 'Agra',
      to: 'Aligarh',
      departureDate: other,
      departureTime: '09:00',
      passengers: 3,
      pricePerSeat: 200,
      carModel: 'Maruti Swift',
      carNumber: 'UP80AB1234',
    });
    expect(res.status).toBe(200);
    expect(await search({ from: 'Agra', to: 'Mathura', date })).toEqual([]);
    expect(ids(await search({ from: 'Agra', to: 'Aligarh', date: other }))).toEqual([ride.id]);
  });

  it('follows seats taken and given back by bookings, cancellations and rejections', async () => {
    const date = nextDate();
    const driver = await createUser(ctx);
    const ride = await offerRide(ctx, driver, {
      from: 'Kochi',
      to: 'Munnar',
      departureDate: date,
      passengers: 2,
    });
    const seatsShown = async (passengers = 1) =>
      (await search({ from: 'Kochi', to: 'Munnar', date, passengers })).map((r) => r.availableSeats);
    expect(await seatsShown()).toEqual([2]);
    const first = await book(ctx, await createUser(ctx), ride.id);
    expect(await seatsShown()).toEqual([1]);
    expect(await seatsShown(2)).toEqual([]);
    const second = await createUser(ctx);
    const taken = await book(ctx, second, ride.id);
    expect(await seatsShown()).toEqual([]);
    expect((await call(ctx, 'PUT', `/api/bookings/${taken.id}/cancel`, second)).status).toBe(200);
    expect(await seatsShown()).toEqual([1]);
    expect((await call(ctx, 'PUT', `/api/bookings/${first.id}/cancel`, driver)).status).toBe(200);
    expect(await seatsShown(2)).toEqual([2]);
  });

  it('follows a ride cancelled, reactivated and deleted', async () => {
    const date = nextDate();
    const driver = await createUser(ctx);
    const ride = await offerRide(ctx, driver, { from: 'Lucknow', to: 'Kanpur', departureDate: date });
    const listed = async () => ids(await search({ from: 'Lucknow', to: 'Kanpur', date }));
    expect(await listed()).toEqual([ride.id]);
    await call(ctx, 'PUT', `/api/rides/${ride.id}/status?status=CANCELLED`, driver);
    expect(await listed()).toEqual([]);
    await call(ctx, 'PUT', `/api/rides/${ride.id}/status?status=ACTIVE`, driver);
    expect(await listed()).toEqual([ride.id]);
    await call(ctx, 'DELETE', `/api/rides/${ride.id}`, driver);
    expect(await listed()).toEqual([]);
  });

  it("shows a driver's new name and rating, and forgets a deleted account's rides", async () => {
    const date = nextDate();
    const driver = await createUser(ctx, { first_name: 'Arjun', last_name: 'Mehta' });
    const passenger = await createUser(ctx);
    const trip = await offerRide(ctx, driver, {
      departureDate: '2026-11-22',
      departureTime: '10:05',
      instantBooking: true,
    });
    await book(ctx, passenger, trip.id);
    const ride = await offerRide(ctx, driver, { from: 'Jaipur', to: 'Ajmer', departureDate: date });
    const shown = async () => (await search({ from: 'Jaipur', to: 'Ajmer', date }))[0]?.driver;
    expect(await shown()).toMatchObject({ name: 'Arjun Mehta', rating: 0 });

    const renamed = await call(ctx, 'PUT', '/api/users/profile', driver, {
      firstName: 'Arjun',
      lastName: 'Kapoor',
      phone: driver.phone,
    });
    expect(renamed.status).toBe(200);
    expect(await shown()).toMatchObject({ name: 'Arjun Kapoor' });

    ctx.clock.advance(6 * 60_000);
    try {
      expect((await call(ctx, 'PUT', `/api/rides/${trip.id}/status?status=COMPLETED`, driver)).status).toBe(
        200,
      );
      const rated = await call(ctx, 'POST', '/api/ratings', passenger, {
        rideId: trip.id,
        rateeId: driver.id,
        rating: 4,
      });
      expect(rated.status).toBe(201);
      expect(await shown()).toMatchObject({ rating: 4 });
    } finally {
      ctx.clock.advance(-6 * 60_000);
    }

    expect(ids(await search({ from: 'Jaipur', to: 'Ajmer', date }))).toEqual([ride.id]);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: '/api/users/profile', headers: driver.auth }))
        .statusCode,
    ).toBe(200);
    expect(await search({ from: 'Jaipur', to: 'Ajmer', date })).toEqual([]);
  });

  it('reorders results sorted by rating when a driver they do not list is rated', async () => {
    const date = nextDate();
    const [listed, rated, passenger] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    const ride = (driver: TestUser, departureTime: string) =>
      offerRide(ctx, driver, { from: 'Indore', to: 'Ujjain', departureDate: date, departureTime });
    const [first, second] = [await ride(listed, '08:00'), await ride(rated, '09:00')];
    const best = async () => {
      const url = `/api/rides/filter?from=Indore&to=Ujjain&date=${date}&sort=rating&limit=1`;
      return ids((await call(ctx, 'GET', url, searcher)).body.data);
    };
    expect(await best()).toEqual([first.id]); // both unrated: the earlier boarding first
    const trip = await offerRide(ctx, rated, {
      departureDate: '2026-11-22',
      departureTime: '10:05',
      instantBooking: true,
    });
    await book(ctx, passenger, trip.id);
    ctx.clock.advance(6 * 60_000);
    try {
      const done = await call(ctx, 'PUT', `/api/rides/${trip.id}/status?status=COMPLETED`, rated);
      expect(done.status).toBe(200);
      const body = { rideId: trip.id, rateeId: rated.id, rating: 5 };
      expect((await call(ctx, 'POST', '/api/ratings', passenger, body)).status).toBe(201);
      expect(await best()).toEqual([second.id]);
    } finally {
      ctx.clock.advance(-6 * 60_000);
    }
  });

  it('flags the rides as their own for their driver only, from the same kept page', async () => {
    const date = nextDate();
    // Names outside ASCII take more bytes than characters: the flags must still land on the right rides.
    const driver = await createUser(ctx, { first_name: 'आरव', last_name: 'शर्मा' });
    const other = await createUser(ctx, { first_name: 'Zoë', last_name: 'Fernandes' });
    const offer = (who: TestUser, time: string) =>
      offerRide(ctx, who, {
        from: 'Madurai',
        to: 'Rameswaram',
        departureDate: date,
        departureTime: time,
        additionalInfo: 'ठीक है "isOwnRide":false}',
      });
    const a = await offer(other, '07:00');
    const b = await offer(driver, '08:00');
    const c = await offer(other, '09:00');
    const d = await offer(driver, '10:00');
    const flags = (rides: { id: string; isOwnRide?: boolean }[]) => rides.map((r) => [r.id, r.isOwnRide]);
    expect(flags(await search({ from: 'Madurai', to: 'Rameswaram', date }))).toEqual([
      [a.id, false],
      [b.id, false],
      [c.id, false],
      [d.id, false],
    ]);
    const asDriver = await search({ from: 'Madurai', to: 'Rameswaram', date }, driver);
    expect(flags(asDriver)).toEqual([
      [a.id, false],
      [b.id, true],
      [c.id, false],
      [d.id, true],
    ]);
    expect(asDriver[1]).toMatchObject({
      driver: { name: 'आरव शर्मा' },
      additionalInfo: 'ठीक है "isOwnRide":false}',
    });
    expect(flags(await search({ from: 'Madurai', to: 'Rameswaram', date }, other))).toEqual([
      [a.id, true],
      [b.id, false],
      [c.id, true],
      [d.id, false],
    ]);
  });

  it("forgets a commute's night ride on the next day's kept page when an edit moves it to the morning", async () => {
    const driver = await createUser(ctx);
    const body = (departureTime: string, stopTime: string) =>
      commuteBody({
        ...{ from: 'Bengaluru', to: 'Mysuru', days: ['MON'], returnTime: undefined, departureTime },
        stops: [{ place: 'Mandya', time: stopTime }],
      });
    // Monday 23 November at 23:30, in Mandya after midnight: on Tuesday's pages.
    const commute = await createCommute(ctx, driver, body('23:30', '00:30'));
    const night = commute.upcoming[0];
    const tuesday = { from: 'Mandya', to: 'Mysuru', date: '2026-11-24' };
    expect(ids(await search(tuesday))).toEqual([night.id]);
    const res = await call(ctx, 'PUT', `/api/commutes/${commute.id}`, driver, body('08:00', '09:00'));
    expect(res.status).toBe(200);
    expect(await search(tuesday)).toEqual([]);
    const monday = await search({ ...tuesday, date: '2026-11-23' });
    expect(monday).toEqual([expect.objectContaining({ departureTime: '08:00' })]);
    expect(ids(monday)).not.toContain(night.id);
  });

  it.runIf(testDatabaseKind === 'sqlite')(
    'sees what another connection to the same file commits',
    async () => {
      const date = nextDate();
      const driver = await createUser(ctx);
      const ride = await offerRide(ctx, driver, { from: 'Udaipur', to: 'Chittorgarh', departureDate: date });
      expect(ids(await search({ from: 'Udaipur', to: 'Chittorgarh', date }))).toEqual([ride.id]);
      const other = await createTestApp({ databaseUrl: ctx.database.url });
      try {
        // The other app's own use cases tell only its own cache; this one learns from SQLite's data_version.
        await call(other, 'PUT', `/api/rides/${ride.id}/status?status=CANCELLED`, driver);
        await new Promise((resolve) => setTimeout(resolve, 150)); // data_version is read every 100 ms at most
        expect(await search({ from: 'Udaipur', to: 'Chittorgarh', date })).toEqual([]);
      } finally {
        await other.close();
      }
    },
  );
});
