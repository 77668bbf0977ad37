import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { call, dateSequence, offerRide } from '../../test/marketplace.js';
import { migrationSteps } from '../../test/migration-steps.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/**
 * Migration 0023: on SQLite `ride_points` is stored by its key (WITHOUT ROWID), every point and index
 * kept, both ways; on PostgreSQL nothing changes. Rides are still found and booked by segment after it.
 */
let ctx: TestContext;
let driver: TestUser;
let passenger: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  driver = await createUser(ctx);
  passenger = await createUser(ctx);
});
afterAll(() => ctx.close());

const points = async () => (await sql`select * from ride_points order by ride_id, idx`.execute(ctx.db)).rows;
const definitions = async () =>
  ctx.database.kind === 'postgres'
    ? []
    : (
        await sql<{ name: string; sql: string }>`select name, sql from sqlite_schema
          where tbl_name = 'ride_points' and sql is not null order by name`.execute(ctx.db)
      ).rows;

describe('migration 0023', () => {
  it('stores the points by ride on SQLite, keeps every point and index both ways, and rides still work', async () => {
    const date = dateSequence()();
    const ride = await offerRide(ctx, driver, {
      from: 'Bengaluru',
      to: 'Mysuru',
      departureDate: date,
      stops: [{ place: 'Mandya' }],
    });
    const [rows, after] = [await points(), await definitions()];
    expect(rows.length).toBe(3);

    await migrationSteps(ctx.db).justBefore('0023-ride-points-stored-by-ride');
    expect(await points()).toEqual(rows);
    const before = await definitions();
    if (ctx.database.kind === 'sqlite') {
      expect(before.find((d) => d.name === 'ride_points')!.sql).not.toMatch(/without rowid/i);
      expect(after.find((d) => d.name === 'ride_points')!.sql).toMatch(/without rowid$/i);
      expect(after.map((d) => d.name)).toEqual(['ride_points', 'ride_points_place', 'ride_points_unplaced']);
      expect(before.filter((d) => d.name !== 'ride_points')).toEqual(
        after.filter((d) => d.name !== 'ride_points'),
      );
    }

    await migrationSteps(ctx.db).latest();
    expect(await points()).toEqual(rows);
    expect(await definitions()).toEqual(after);
    const found = await call(ctx, 'GET', `/api/rides/search?from=Mandya&to=Mysuru&date=${date}`, passenger);
    expect(found.body.data.map((r: { id: string }) => r.id)).toEqual([ride.id]);
    const booked = await call(ctx, 'POST', `/api/rides/${ride.id}/book`, passenger, {
      seats: 1,
      fromStop: 1,
      toStop: 2,
    });
    expect(booked.status).toBe(201);
  });
});
