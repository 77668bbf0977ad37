import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, istDate } from '@saathchalo/shared';
import { createUser } from '../../test/factories.js';
import { offerRide, seatState } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { testDatabaseKind } from '../../test/test-db.js';
import { newId } from '../../lib/ids.js';

/**
 * Two real server processes on one PostgreSQL database, each with its own connection pool and
 * real clock: the seat rule must hold across processes, where no lock in memory could help.
 */
const serverDir = resolve(import.meta.dirname, '../../..');

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });
}

async function waitForHealth(base: string, child: ChildProcess, log: () => string): Promise<void> {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start:\n${log()}`);
}

describe.runIf(testDatabaseKind === 'postgres')('two server processes on one PostgreSQL database', () => {
  let ctx: TestContext;
  const children: ChildProcess[] = [];
  const bases: string[] = [];
  let dataDir: string;

  beforeAll(async () => {
    ctx = await createTestApp();
    dataDir = mkdtempSync(join(tmpdir(), 'saathchalo-procs-'));
    for (let i = 0; i < 2; i += 1) {
      const port = await freePort();
      let output = '';
      const child = spawn(
        process.execPath,
        ['--experimental-transform-types', '--no-warnings', '--import', './src/test/run-from-source.mjs', 'src/server.ts'],
        {
          cwd: serverDir,
          env: {
            PATH: process.env.PATH,
            NODE_ENV: 'test',
            DATABASE_URL: ctx.database.url,
            PORT: String(port),
            HOST: '127.0.0.1',
            JWT_SECRET: ctx.config.jwtSecret,
            DATA_DIR: dataDir,
            SEED_DEMO: 'never',
            LOG_LEVEL: 'error',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      child.stdout?.on('data', (d) => (output += String(d)));
      child.stderr?.on('data', (d) => (output += String(d)));
      children.push(child);
      const base = `http://127.0.0.1:${port}`;
      await waitForHealth(base, child, () => output);
      bases.push(base);
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((done) => {
            if (c.exitCode !== null) return done();
            c.once('exit', () => done());
            c.kill('SIGTERM');
          }),
      ),
    );
    await ctx?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A session and token valid for the real clock the processes use. */
  async function realToken(userId: string): Promise<string> {
    const now = Date.now();
    const sessionId = newId();
    await ctx.db
      .insertInto('sessions')
      .values({ id: sessionId, user_id: userId, created_at: now, expires_at: now + 86_400_000, revoked_at: null })
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
    const people = [];
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
    const booked = await Promise.all(first.map(async (r, i) => ({ i, status: r.status, body: (await r.json()) as { data: { id: string } } })));
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
});
