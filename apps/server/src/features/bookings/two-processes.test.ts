import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, istDate } from '@saathchalo/shared';
import { createUser } from '../../test/factories.js';
import { legState, offerRide, seatState } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { testDatabaseKind } from '../../test/test-db.js';
import { newId } from '../../lib/ids.js';
import { startServerProcess, type ServerProcess } from '../../test/server-process.js';

/**
 * Two real server processes on one PostgreSQL database, each with its own connection pool and
 * real clock: the seat rule must hold across processes, where no lock in memory could help.
 */
describe.runIf(testDatabaseKind === 'postgres')('two server processes on one PostgreSQL database', () => {
  let ctx: TestContext;
  const servers: ServerProcess[] = [];
  const bases: string[] = [];
  let dataDir: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    dataDir = mkdtempSync(join(tmpdir(), 'saathchalo-procs-'));
    for (let i = 0; i < 2; i += 1) {
      const server = await startServerProcess({
        DATABASE_URL: ctx.database.url,
        JWT_SECRET: ctx.config.jwtSecret,
        DATA_DIR: dataDir,
      });
      servers.push(server);
      bases.push(server.base);
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await ctx?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A session and token valid for the real clock the processes use. */
  async function realToken(userId: string): Promise<string> {
    const now = Date.now();
    const sessionId = newId();
    await ctx.db
      .insertInto('sessions')
      .values({
        id: sessionId,
        user_id: userId,
        created_at: now,
        expires_at: now + 86_400_000,
        revoked_at: null,
      })
      .execute();
    return ctx.app.deps.jwt.sign({ userId, sessionId }, now);
  }

  it('sell exactly the last seats when 50 passengers book through both at once', async () => {
    const driver = await createUser(ctx);
    // A month ahead of the real clock, so the ride is bookable whenever this runs.
    const date = istDate(Date.now() + 30 * 86_400_000);
    const ride = await offerRide(ctx, driver, { passengers: 6, departureDate: date });
    const tokens: string[] = [];
    for (let i = 0; i < 50; i += 1) tokens.push(await realToken((await createUser(ctx)).id));
    const results = await Promise.all(
      tokens.map(async (token, i) => {
        const res = await fetch(`${bases[i % 2]}/api/rides/${ride.id}/book`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ seatsRequested: 1 }),
        });
        return { status: res.status, body: (await res.json()) as { error: string | null } };
      }),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(6);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(44);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body.error).toBe(ERR.notEnoughSeats);
    }
    expect(await seatState(ctx, ride.id)).toEqual({ total: 6, available: 0, held: 6 });
  });

  it('keep the count exact when cancellations and re-bookings race across both', async () => {
    const driver = await createUser(ctx);
    const date = istDate(Date.now() + 30 * 86_400_000);
    const ride = await offerRide(ctx, driver, { passengers: 8, departureDate: date });
    const people: { id: string; token: string }[] = [];
    for (let i = 0; i < 30; i += 1) {
      const user = await createUser(ctx);
      people.push({ id: user.id, token: await realToken(user.id) });
    }
    const bookVia = (i: number) =>
      fetch(`${bases[i % 2]}/api/rides/${ride.id}/book`, {
        method: 'POST',
        headers: { authorization: `Bearer ${people[i]!.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ seatsRequested: 1 + (i % 2) }),
      });
    const first = await Promise.all(people.map((_, i) => bookVia(i)));
    const booked = await Promise.all(
      first.map(async (r, i) => ({
        i,
        status: r.status,
        body: (await r.json()) as { data: { id: string } },
      })),
    );
    const holders = booked.filter((b) => b.status === 201);
    await Promise.all([
      ...holders.map((h) =>
        fetch(`${bases[(h.i + 1) % 2]}/api/bookings/${h.body.data.id}/cancel`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${people[h.i]!.token}` },
        }),
      ),
      ...people.map((_, i) => bookVia(i)),
    ]);
    const state = await seatState(ctx, ride.id);
    expect(state.available).toBe(state.total - state.held);
    expect(state.available).toBeGreaterThanOrEqual(0);
  });

  it('never oversell a leg when 50 passengers book overlapping segments through both, then cancel and re-book', async () => {
    const driver = await createUser(ctx);
    const date = istDate(Date.now() + 30 * 86_400_000);
    const ride = await offerRide(ctx, driver, {
      passengers: 4,
      departureDate: date,
      stops: [{ place: 'Maddur' }, { place: 'Mandya' }],
    });
    const segments = [
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 2],
      [1, 3],
      [2, 3],
    ];
    const tokens: string[] = [];
    for (let i = 0; i < 50; i += 1) tokens.push(await realToken((await createUser(ctx)).id));
    const bookVia = (i: number, shift = 0) =>
      fetch(`${bases[i % 2]}/api/rides/${ride.id}/book`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[i]}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          seatsRequested: 1,
          fromStop: segments[(i + shift) % 6]![0],
          toStop: segments[(i + shift) % 6]![1],
        }),
      });
    const first = await Promise.all(tokens.map((_, i) => bookVia(i)));
    expect(first.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const held = await legState(ctx, ride.id);
    expect(held.legs).toEqual(held.expected);
    expect(Math.min(...held.legs)).toBeGreaterThanOrEqual(0);
    const bodies = await Promise.all(
      first.map(async (r) => (await r.json()) as { data: { id: string } | null }),
    );
    await Promise.all([
      ...bodies.map((b, i) =>
        b.data
          ? fetch(`${bases[(i + 1) % 2]}/api/bookings/${b.data.id}/cancel`, {
              method: 'PUT',
              headers: { authorization: `Bearer ${tokens[i]}` },
            })
          : null,
      ),
      ...tokens.map((_, i) => bookVia(i, 3)),
    ]);
    const after = await legState(ctx, ride.id);
    expect(after.legs).toEqual(after.expected);
    expect(Math.min(...after.legs)).toBeGreaterThanOrEqual(0);
    expect(after.available).toBe(Math.min(...after.legs));
  });
});
