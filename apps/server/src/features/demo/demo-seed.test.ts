import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession } from '../../test/factories.js';
import { legState } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { verifyPassword } from '../../lib/password.js';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoIfEmpty } from './demo-seed.js';

let ctx: TestContext;
let seeded: boolean;
beforeAll(async () => {
  ctx = await createTestApp();
  seeded = await seedDemoIfEmpty(ctx.app);
});
afterAll(() => ctx.close());

describe('demo data', () => {
  it('fills an empty database with demo users, upcoming rides, bookings and a rated trip', async () => {
    expect(seeded).toBe(true);
    const users = await ctx.db.selectFrom('users').select(['id', 'email', 'password_hash', 'rating_count']).execute();
    expect(users.map((u) => u.email).sort()).toEqual(DEMO_USERS.map((u) => u.email).sort());
    expect(await verifyPassword(DEMO_PASSWORD, users[0]!.password_hash)).toBe(true);

    const rides = await ctx.db.selectFrom('rides').select(['id', 'status', 'departure_at', 'total_seats', 'available_seats']).execute();
    const upcoming = rides.filter((r) => r.status === 'ACTIVE' && Number(r.departure_at) > ctx.clock.now());
    expect(upcoming.length).toBeGreaterThanOrEqual(10);
    expect(rides.filter((r) => r.status === 'COMPLETED')).toHaveLength(1);
    for (const r of rides) {
      const held = await ctx.db
        .selectFrom('bookings')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('seats_booked'), eb.lit(0)).as('n'))
        .where('ride_id', '=', r.id)
        .where('status', 'in', ['PENDING', 'CONFIRMED', 'COMPLETED'])
        .executeTakeFirstOrThrow();
      expect(r.available_seats).toBe(r.total_seats - Number(held.n));
    }
    expect(await ctx.db.selectFrom('ratings').select('id').execute()).toHaveLength(2);
    expect(await ctx.db.selectFrom('mails').select('id').execute()).toEqual([]);
  });

  it('gives a third of the rides stops on the way, places of the gazetteer, with every leg exact', async () => {
    const points = await ctx.db.selectFrom('ride_points').select(['ride_id', 'place_name', 'lat']).execute();
    const byRide = new Map<string, typeof points>();
    for (const p of points) byRide.set(p.ride_id, [...(byRide.get(p.ride_id) ?? []), p]);
    const withStops = [...byRide.values()].filter((list) => list.length > 2);
    expect(withStops.length).toBeGreaterThanOrEqual(Math.floor(byRide.size / 3));
    expect(points.every((p) => p.lat !== null)).toBe(true);
    for (const rideId of byRide.keys()) {
      const state = await legState(ctx, rideId);
      expect(state.legs).toEqual(state.expected);
      expect(state.available).toBe(Math.min(...state.legs));
    }
    // A passenger leaving before the end (Mumbai → Lonavala) holds the first leg only.
    const segment = await ctx.db
      .selectFrom('bookings')
      .select(['from_stop', 'to_stop', 'pickup_place'])
      .where('drop_place', '=', 'Lonavala')
      .execute();
    expect(segment).toEqual([{ from_stop: 0, to_stop: 1, pickup_place: 'Mumbai' }]);
  });

  it('shows the demo rides to a newcomer searching tomorrow with an old city name', async () => {
    const ananya = await ctx.db.selectFrom('users').select('id').where('email', '=', 'ananya@demo.saathchalo.in').executeTakeFirstOrThrow();
    const token = await openSession(ctx, ananya.id);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/rides/search?from=bangalore&to=mysore&date=2026-11-23',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({ from: 'Bengaluru', to: 'Mysuru', departureTime: '07:30', availableSeats: 2, driver: expect.objectContaining({ name: 'Priya Sharma' }) }),
    ]);
    const arjun = await ctx.db.selectFrom('users').select(['rating_sum', 'rating_count']).where('email', '=', 'arjun@demo.saathchalo.in').executeTakeFirstOrThrow();
    expect(arjun).toEqual({ rating_sum: 5, rating_count: 1 });
  });

  it('does nothing once the database has users', async () => {
    expect(await seedDemoIfEmpty(ctx.app)).toBe(false);
    expect(await ctx.db.selectFrom('users').select('id').execute()).toHaveLength(DEMO_USERS.length);
  });
});
