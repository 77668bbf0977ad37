import { describe, expect, it, vi } from 'vitest';
import { register } from './test/accounts.js';
import { closedAfterEach } from './test/cleanups.js';
import { createUser } from './test/factories.js';
import { call, offerRide } from './test/marketplace.js';
import { startSmtp } from './test/smtp.js';
import { createTestApp } from './test/test-app.js';
import { drainOutbox, startMailWorker } from './features/mail/mail-worker.js';

const { track } = closedAfterEach();

/** Two apps in one process, each on a database of its own, as two servers would be. */
async function twoApps(env: Record<string, string> = {}) {
  return [track(await createTestApp({ env })), track(await createTestApp({ env }))] as const;
}

describe('two apps in one process share no state', () => {
  it('a session remembered as live by one app is not taken as live by the other', async () => {
    const [a, b] = await twoApps();
    const acc = await register(a);
    const myBookings = { method: 'GET' as const, url: '/api/bookings/my-bookings', headers: acc.auth };
    expect((await a.app.inject(myBookings)).statusCode).toBe(200); // now remembered by a
    const res = await b.app.inject(myBookings);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Session has ended. Please sign in again.');
  });

  it('a place created through one app is found by its search at once, and the other keeps its own answers', async () => {
    const [a, b] = await twoApps();
    const date = '2026-12-05';
    const search = async (ctx: typeof a) => {
      const res = await call(
        ctx,
        'GET',
        `/api/rides/search?from=pune&to=zorawarpur&date=${date}`,
        await createUser(ctx),
      );
      return res.body.data.map((r: { id: string }) => r.id);
    };
    expect(await search(a)).toEqual([]); // "no such place", remembered by a
    expect(await search(b)).toEqual([]);
    const ride = await offerRide(b, await createUser(b), {
      from: 'Pune',
      to: 'Zorawarpur',
      departureDate: date,
    });
    expect(await search(b)).toEqual([ride.id]);
    expect(await search(a)).toEqual([]);
  });

  it("stopping one app's mail worker leaves the other's SMTP connections open", async () => {
    const smtp = track(await startSmtp({ greetingMs: 300 }));
    const [a, b] = await twoApps({ SMTP_URL: smtp.url });
    track({ close: () => b.app.deps.mailTransports.close() });
    const stopA = await startMailWorker(a.app);
    for (let i = 0; i < 4; i++) await register(b); // four verification mails; the account lane has 2 connections
    const sending = drainOutbox(b.app.deps, { lane: 'account' });
    await vi.waitFor(() => expect(smtp.stats.connections).toBeGreaterThan(0));
    await stopA();
    expect(await sending).toEqual({ sent: 4, failed: 0 });
    expect(smtp.received).toHaveLength(4);
  });
});
