import { CompiledQuery, type Compilable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, rideRow, userRow } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { testDatabaseKind } from '../../test/test-db.js';
import { newId } from '../../lib/ids.js';
import { travelledTogetherQuery } from '../ratings/ratings.repo.js';
import { standingBookingsBetweenQuery } from '../commutes/subscriptions.repo.js';
import { ridesAheadDrivenByQuery } from '../safety/blocks.repo.js';
import {
  futureRidesOfQuery,
  standingBookingsOfQuery,
  standingBookingsOnCommutesOfQuery,
  standingCommutesOfQuery,
} from '../users/account-deletion.repo.js';
import { listDriverBookings, listDriverBookingsQuery } from './bookings.repo.js';

/**
 * bookings keeps no copy of the driver (migration 0004): what a driver's bookings are is found through
 * rides. These are the plans of the statements that ask it, with 20,000 rides and their bookings
 * loaded, on SQLite and on PostgreSQL: the driver's rides through rides_driver, their bookings through
 * bookings_ride, never a scan of bookings.
 */
const RIDES = 20_000;
// Ten rides a driver on average, as in the large seed (a million rides, a hundred thousand users).
const USERS = 2_000;
const BATCH = 1_000;

let ctx: TestContext;
let users: string[];
let driver: string;
const rideIds: string[] = [];

// A small deterministic generator (its high bits: the low bits of this LCG repeat after a few draws).
let seed = 7;
const rand = (n: number) => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return Math.floor((seed / 2_147_483_648) * n);
};

beforeAll(async () => {
  ctx = await createTestApp();
  const now = ctx.clock.now();
  driver = (await createUser(ctx)).id;
  const others = Array.from({ length: USERS - 1 }, () => userRow(now));
  for (let s = 0; s < others.length; s += BATCH)
    await ctx.db
      .insertInto('users')
      .values(others.slice(s, s + BATCH))
      .execute();
  users = [driver, ...others.map((u) => u.id)];
  const place = await ctx.db.selectFrom('places').select(['id', 'name']).executeTakeFirstOrThrow();
  let rides = [];
  let bookings = [];
  for (let i = 0; i < RIDES; i += 1) {
    const id = newId();
    const driverId = users[rand(USERS)]!;
    const departureAt = now + (rand(60) - 10) * 86_400_000;
    const deleted = rand(50) === 0;
    rideIds.push(id);
    rides.push(
      rideRow(now, {
        id,
        driver_id: driverId,
        from_place_id: place.id,
        to_place_id: place.id,
        from_name: place.name,
        to_name: place.name,
        departure_date: '2026-12-01',
        departure_time: '09:00',
        departure_at: departureAt,
        available_seats: 1,
        deleted_at: deleted ? now : null,
      }),
    );
    for (let b = rand(4); b > 0; b -= 1) {
      const statuses = ['PENDING', 'CONFIRMED', 'CANCELLED', 'COMPLETED'] as const;
      bookings.push({
        id: newId(),
        ride_id: id,
        passenger_id: users[rand(USERS)]!,
        seats_booked: 1,
        total_amount: 300,
        status: statuses[rand(4)]!,
        payment_status: 'PENDING' as const,
        pickup_location: null,
        drop_location: null,
        // Ties on created_at, so the id tie-break of the order is exercised too.
        created_at: now - rand(1_000) * 60_000,
        updated_at: now,
      });
    }
    if (rides.length === BATCH) {
      await ctx.db.insertInto('rides').values(rides).execute();
      for (let s = 0; s < bookings.length; s += BATCH) {
        await ctx.db
          .insertInto('bookings')
          .values(bookings.slice(s, s + BATCH))
          .execute();
      }
      rides = [];
      bookings = [];
    }
  }
  await loadStandingBookings(now, place);
  await ctx.db.executeQuery(CompiledQuery.raw('analyze'));
}, 300_000);

const COMMUTES = 2_000;
const STANDING_PER_COMMUTE = 8;

/** Commutes of random drivers, each with a few standing passengers (one row per commute and passenger). */
async function loadStandingBookings(now: number, place: { id: string; name: string }): Promise<void> {
  for (let s = 0; s < COMMUTES; s += BATCH) {
    const commutes = Array.from({ length: Math.min(BATCH, COMMUTES - s) }, () => ({
      ...{ id: newId(), driver_id: users[rand(USERS)]!, from_place_id: place.id, to_place_id: place.id },
      ...{ from_name: place.name, to_name: place.name, stops: '[]', days: 'MON,TUE,WED,THU,FRI' },
      ...{ departure_time: '09:00', return_time: null, start_date: '2026-12-01', end_date: null },
      ...{ seats: 3, price_per_seat: 100, car_model: 'Swift', car_number: 'KA01AB1234' },
      ...{ additional_info: null, instant_booking: 0, women_only: 0, told_terms: null },
      ...{ status: 'ACTIVE' as const, created_at: now, updated_at: now },
    }));
    await ctx.db.insertInto('commutes').values(commutes).execute();
    const rows = commutes.flatMap((c) =>
      [...new Set(Array.from({ length: STANDING_PER_COMMUTE }, () => users[rand(USERS)]!))].map((p) => ({
        ...{ id: newId(), commute_id: c.id, passenger_id: p, seats: 1, days: null, direction: null },
        ...{ from_stop: null, to_stop: null, created_at: now },
      })),
    );
    for (let r = 0; r < rows.length; r += BATCH) {
      await ctx.db
        .insertInto('commute_subscriptions')
        .values(rows.slice(r, r + BATCH))
        .execute();
    }
  }
}
afterAll(() => ctx.close());

/** A driver's (or drivers') rides still to come, read through rides_driver: never a scan of rides. */
function expectRidesOfDriversAhead(text: string): void {
  if (testDatabaseKind === 'postgres') {
    expect(text).toMatch(/Index Scan using rides_driver on rides|Bitmap Index Scan on rides_driver/);
    expect(text).not.toMatch(/Seq Scan on rides/);
  } else {
    expect(text).toMatch(/SEARCH rides USING INDEX rides_driver \(driver_id=\? AND departure_at>\?\)/);
    expect(text).not.toMatch(/SCAN rides\b/);
  }
}

async function plan(query: Compilable): Promise<string> {
  const compiled = query.compile();
  const prefix = testDatabaseKind === 'postgres' ? 'explain' : 'explain query plan';
  const res = await ctx.db.executeQuery<Record<string, string>>(
    CompiledQuery.raw(`${prefix} ${compiled.sql}`, [...compiled.parameters]),
  );
  return res.rows.map((r) => (testDatabaseKind === 'postgres' ? r['QUERY PLAN'] : r.detail)).join('\n');
}

describe(`a driver's bookings, found through rides, with ${RIDES.toLocaleString('en-IN')} rides (${testDatabaseKind})`, () => {
  it("lists a driver's bookings from the driver's rides (rides_driver) and their bookings (bookings_ride)", async () => {
    const text = await plan(listDriverBookingsQuery(ctx.db, driver));
    console.info(`driver bookings plan (${testDatabaseKind}):\n${text}`);
    if (testDatabaseKind === 'postgres') {
      expect(text).toMatch(/Index Scan using rides_driver on rides|Bitmap Index Scan on rides_driver/);
      expect(text).toMatch(/Index Scan using bookings_ride on bookings|Bitmap Index Scan on bookings_ride/);
      expect(text).not.toMatch(/Seq Scan on (bookings|rides)/);
    } else {
      expect(text).toMatch(/SEARCH r USING INDEX rides_driver \(driver_id=\?\)/);
      expect(text).toMatch(/SEARCH b USING INDEX bookings_ride \(ride_id=\?\)/);
      expect(text).not.toMatch(/SCAN (b|r)\b/);
    }
  });

  it("lists exactly the bookings on the driver's rides, newest first, then by id", async () => {
    const listed = await listDriverBookings(ctx.db, driver);
    const expected = await ctx.db
      .selectFrom('bookings as b')
      .innerJoin('rides as r', 'r.id', 'b.ride_id')
      .select(['b.id', 'b.created_at'])
      .where('r.driver_id', '=', driver)
      .where((eb) => eb.or([eb('r.deleted_at', 'is', null), eb('b.status', '=', 'COMPLETED')]))
      .execute();
    expected.sort(
      (x, y) => Number(y.created_at) - Number(x.created_at) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0),
    );
    expect(listed.length).toBeGreaterThan(5);
    expect(listed.map((b) => b.id)).toEqual(expected.map((b) => b.id));
    expect(new Set(listed.map((b) => b.driver.id))).toEqual(new Set([driver]));
  });

  it("checks that two travelled together from the ride's key and its completed bookings (bookings_ride)", async () => {
    const text = await plan(travelledTogetherQuery(ctx.db, rideIds[0]!, users[1]!, users[2]!));
    console.info(`travelled-together plan (${testDatabaseKind}):\n${text}`);
    if (testDatabaseKind === 'postgres') {
      expect(text).toMatch(/Index Scan using bookings_ride on bookings|Bitmap Index Scan on bookings_ride/);
      expect(text).toMatch(/Index Scan using rides_pkey on rides/);
      expect(text).not.toMatch(/Seq Scan on (bookings|rides)/);
    } else {
      expect(text).toMatch(/SEARCH bk USING INDEX bookings_ride \(ride_id=\? AND status=\?\)/);
      expect(text).toMatch(/SEARCH r USING INDEX sqlite_autoindex_rides_1 \(id=\?\)/);
      expect(text).not.toMatch(/SCAN (bk|r)\b/);
    }
  });

  it("finds a deleted account's future rides through rides_driver, never scanning rides", async () => {
    const text = await plan(futureRidesOfQuery(ctx.db, driver, ctx.clock.now()));
    console.info(`account deletion rides plan (${testDatabaseKind}):\n${text}`);
    expectRidesOfDriversAhead(text);
  });

  it("locks a blocked pair's rides still to come through rides_driver, never scanning rides", async () => {
    const text = await plan(ridesAheadDrivenByQuery(ctx.db, driver, users[1]!, ctx.clock.now()));
    console.info(`block rides ahead plan (${testDatabaseKind}):\n${text}`);
    expectRidesOfDriversAhead(text);
  });
});

describe(`a passenger's standing bookings, with ${(COMMUTES * STANDING_PER_COMMUTE).toLocaleString('en-IN')} of them (${testDatabaseKind})`, () => {
  const byPassenger = (text: string) => {
    if (testDatabaseKind === 'postgres') {
      expect(text).toMatch(
        /Index (Only )?Scan using commute_subscriptions_passenger on commute_subscriptions|Bitmap Index Scan on commute_subscriptions_passenger/,
      );
      expect(text).not.toMatch(/Seq Scan on commute_subscriptions/);
    } else {
      expect(text).toMatch(
        /SEARCH commute_subscriptions USING (COVERING )?INDEX commute_subscriptions_passenger \(passenger_id=\?/,
      );
      expect(text).not.toMatch(/SCAN commute_subscriptions\b/);
    }
  };

  it('finds the commutes a leaving account stands on by passenger, never scanning the table', async () => {
    const text = await plan(standingCommutesOfQuery(ctx.db, driver));
    console.info(`account deletion standing commutes plan (${testDatabaseKind}):\n${text}`);
    byPassenger(text);
  });

  it("erases a leaving account's standing bookings by passenger", async () => {
    const text = await plan(standingBookingsOfQuery(ctx.db, driver));
    console.info(`account deletion standing bookings plan (${testDatabaseKind}):\n${text}`);
    byPassenger(text);
  });

  it("erases the standing bookings on a leaving driver's commutes through commutes_driver and the unique key", async () => {
    const text = await plan(standingBookingsOnCommutesOfQuery(ctx.db, driver));
    console.info(`account deletion driven commutes' standing bookings plan (${testDatabaseKind}):\n${text}`);
    if (testDatabaseKind === 'postgres') {
      expect(text).toMatch(/commutes_driver/);
      expect(text).toMatch(/commute_subscriptions_one/);
      expect(text).not.toMatch(/Seq Scan on (commute_subscriptions|commutes)/);
    } else {
      expect(text).toMatch(/SEARCH commutes USING (COVERING )?INDEX commutes_driver \(driver_id=\?\)/);
      expect(text).toMatch(
        /SEARCH commute_subscriptions USING (COVERING )?INDEX commute_subscriptions_one \(commute_id=\?\)/,
      );
      expect(text).not.toMatch(/SCAN (commute_subscriptions|commutes)\b/);
    }
  });

  it("ends a blocked pair's standing bookings on each other's commutes by passenger", async () => {
    const text = await plan(standingBookingsBetweenQuery(ctx.db, driver, users[1]!));
    console.info(`block standing bookings plan (${testDatabaseKind}):\n${text}`);
    // Either side's rows by passenger, or by the other's commutes (commutes_driver) and the unique key.
    if (testDatabaseKind === 'postgres') {
      expect(text).toMatch(/commute_subscriptions_(passenger|one)/);
      expect(text).not.toMatch(/Seq Scan on commute_subscriptions/);
    } else {
      expect(text).toMatch(/SEARCH commute_subscriptions USING (COVERING )?INDEX commute_subscriptions_/);
      expect(text).not.toMatch(/SCAN commute_subscriptions\b/);
    }
  });
});
