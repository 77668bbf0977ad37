import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, MSG } from '@saathchalo/shared';
import { createUser, type TestUser } from '../../test/factories.js';
import { book, call, dateSequence, offerRide } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ env: { SUPPORT_EMAIL: 'trust@saathchalo.test' } });
});
afterAll(() => ctx.close());

const nextDate = dateSequence();

async function corridor(driver: TestUser) {
  const date = nextDate();
  const ride = await offerRide(ctx, driver, { from: 'Surat', to: 'Vadodara', departureDate: date });
  return { ride, q: `from=Surat&to=Vadodara&date=${date}` };
}

const rideIds = async (viewer: TestUser, path: 'search' | 'filter', q: string) =>
  (await call(ctx, 'GET', `/api/rides/${path}?${q}`, viewer)).body.data.map((r: { id: string }) => r.id);

describe('block', () => {
  it('hides a blocked pair from each other in search and filter, either way round, until unblocked', async () => {
    const driver = await createUser(ctx);
    const blocker = await createUser(ctx);
    const bystander = await createUser(ctx);
    const { ride, q } = await corridor(driver);
    // A page kept before the block must not be served after it.
    expect(await rideIds(blocker, 'search', q)).toEqual([ride.id]);
    const res = await call(ctx, 'POST', `/api/users/${driver.id}/block`, blocker);
    expect(res).toEqual({
      status: 200,
      body: { success: true, data: null, message: 'User blocked', error: null },
    });
    for (const path of ['search', 'filter'] as const) {
      expect(await rideIds(blocker, path, q)).toEqual([]);
      expect(await rideIds(bystander, path, q)).toEqual([ride.id]);
    }
    // The other direction: the blocked driver no longer finds the blocker's rides.
    const hers = await corridor(blocker);
    expect(await rideIds(driver, 'search', hers.q)).toEqual([]);
    expect(await rideIds(bystander, 'search', hers.q)).toEqual([hers.ride.id]);

    const unblocked = await call(ctx, 'DELETE', `/api/users/${driver.id}/block`, blocker);
    expect(unblocked.body.message).toBe('User unblocked');
    expect(await rideIds(blocker, 'search', q)).toEqual([ride.id]);
    expect(await rideIds(driver, 'search', hers.q)).toEqual([hers.ride.id]);
  });

  it('refuses booking between a blocked pair with 403, either way round', async () => {
    const driver = await createUser(ctx);
    const passenger = await createUser(ctx);
    const { ride } = await corridor(driver);
    await call(ctx, 'POST', `/api/users/${passenger.id}/block`, driver);
    const res = await call(ctx, 'POST', `/api/rides/${ride.id}/book`, passenger, { seatsRequested: 1 });
    expect(res).toEqual({
      status: 403,
      body: { success: false, data: null, message: ERR.blockedBooking, error: ERR.blockedBooking },
    });
    await call(ctx, 'DELETE', `/api/users/${passenger.id}/block`, driver);
    await call(ctx, 'POST', `/api/users/${driver.id}/block`, passenger);
    expect((await call(ctx, 'POST', `/api/rides/${ride.id}/book`, passenger, {})).status).toBe(403);
    await call(ctx, 'DELETE', `/api/users/${driver.id}/block`, passenger);
    expect((await book(ctx, passenger, ride.id)).status).toBe('PENDING');
  });

  it('lists the users one blocked, latest first, and blocks once however often asked', async () => {
    const me = await createUser(ctx, { first_name: 'Meher', last_name: 'Khan' });
    const a = await createUser(ctx, { first_name: 'Anil', last_name: 'Das' });
    const b = await createUser(ctx, { first_name: 'Bela', last_name: 'Roy' });
    await call(ctx, 'POST', `/api/users/${a.id}/block`, me);
    ctx.clock.advance(1000);
    await call(ctx, 'POST', `/api/users/${b.id}/block`, me);
    await call(ctx, 'POST', `/api/users/${b.id}/block`, me);
    const list = await call(ctx, 'GET', '/api/users/blocked', me);
    expect(list.body.data).toEqual([
      {
        id: b.id,
        name: 'Bela Roy',
        firstName: 'Bela',
        profilePictureUrl: null,
        blockedAt: '2026-11-22T04:30:01.000Z',
      },
      {
        id: a.id,
        name: 'Anil Das',
        firstName: 'Anil',
        profilePictureUrl: null,
        blockedAt: '2026-11-22T04:30:00.000Z',
      },
    ]);
    expect((await call(ctx, 'GET', '/api/users/blocked', a)).body.data).toEqual([]);
    ctx.clock.advance(-1000);
  });

  it('refuses blocking oneself (400) and an unknown user (404)', async () => {
    const me = await createUser(ctx);
    expect(await call(ctx, 'POST', `/api/users/${me.id}/block`, me)).toMatchObject({
      status: 400,
      body: { error: ERR.blockSelf },
    });
    expect(await call(ctx, 'POST', '/api/users/no-such-user/block', me)).toMatchObject({
      status: 404,
      body: { error: ERR.userNotFound },
    });
    expect((await call(ctx, 'POST', `/api/users/${me.id}/block`, null)).status).toBe(401);
  });
});

describe('report', () => {
  it('keeps the report for moderation and mails it to SUPPORT_EMAIL through the outbox', async () => {
    const reporter = await createUser(ctx, { first_name: 'Ritu', last_name: 'Jain' });
    const reported = await createUser(ctx, { first_name: 'Karan', last_name: 'Mehta' });
    const res = await call(ctx, 'POST', `/api/users/${reported.id}/reports`, reporter, {
      reason: 'UNSAFE_DRIVING',
      details: 'Drove at 140 on the expressway and\nwould not slow down.',
    });
    expect(res).toEqual({
      status: 201,
      body: {
        success: true,
        message: 'Report sent. Thank you for helping keep SaathChalo safe.',
        error: null,
        data: {
          id: expect.any(String),
          reportedUserId: reported.id,
          reason: 'UNSAFE_DRIVING',
          details: 'Drove at 140 on the expressway and\nwould not slow down.',
          createdAt: '2026-11-22T04:30:00.000Z',
        },
      },
    });
    const stored = await ctx.db
      .selectFrom('user_reports')
      .selectAll()
      .where('id', '=', res.body.data.id)
      .execute();
    expect(stored).toMatchObject([
      { reporter_id: reporter.id, reported_id: reported.id, reason: 'UNSAFE_DRIVING' },
    ]);
    const mails = await ctx.db
      .selectFrom('mails')
      .selectAll()
      .where('to_address', '=', 'trust@saathchalo.test')
      .execute();
    const mail = mails.find((m) => m.text_body.includes(res.body.data.id))!;
    expect(mail.subject).toBe('Report: Unsafe driving - Karan Mehta');
    expect(mail.text_body).toContain(`Reported user: Karan Mehta (id ${reported.id}, ${reported.email}`);
    expect(mail.text_body).toContain(`Reported by: Ritu Jain (id ${reporter.id}, ${reporter.email}`);
    expect(mail.text_body).toContain('Drove at 140 on the expressway');
  });

  it('takes at most 5 reports an hour from one account (429 with Retry-After)', async () => {
    const reporter = await createUser(ctx);
    for (let i = 0; i < 5; i += 1) {
      const other = await createUser(ctx);
      expect(
        (await call(ctx, 'POST', `/api/users/${other.id}/reports`, reporter, { reason: 'NO_SHOW' })).status,
      ).toBe(201);
    }
    const other = await createUser(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/users/${other.id}/reports`,
      headers: reporter.auth,
      payload: { reason: 'NO_SHOW' },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe(ERR.tooManyReports);
    expect(res.headers['retry-after']).toBe('3600');
  });

  it('refuses an unknown reason, oneself and an unknown user', async () => {
    const me = await createUser(ctx);
    const other = await createUser(ctx);
    expect(await call(ctx, 'POST', `/api/users/${other.id}/reports`, me, { reason: 'RUDE' })).toMatchObject({
      status: 400,
      body: { data: { reason: MSG.reportReasonRequired } },
    });
    expect(await call(ctx, 'POST', `/api/users/${me.id}/reports`, me, { reason: 'OTHER' })).toMatchObject({
      status: 400,
      body: { error: ERR.reportSelf },
    });
    expect(await call(ctx, 'POST', '/api/users/nobody/reports', me, { reason: 'OTHER' })).toMatchObject({
      status: 404,
      body: { error: ERR.userNotFound },
    });
  });
});
