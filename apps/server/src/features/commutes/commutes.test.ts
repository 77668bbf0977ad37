import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, MSG } from '@saathchalo/shared';
import { commuteBody, createCommute as createCommuteVia } from '../../test/commutes.js';
import { createUser, freshSession, type TestUser } from '../../test/factories.js';
import { runJobs, subjectsTo } from '../../test/jobs.js';
import { book, call } from '../../test/marketplace.js';
import { createTestApp, TEST_NOW, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  // On a file, so a second app can open the same SQLite database (two processes materialising at once).
  ctx = await createTestApp({ file: true });
});
afterAll(() => ctx.close());

const DAY = 86_400_000;
const at = (offsetMs: number) => ctx.clock.set(Date.parse(TEST_NOW) + offsetMs);
const fresh = (user: TestUser) => freshSession(ctx, user);

const WEEKDAYS_AHEAD = [
  '11-23',
  '11-24',
  '11-25',
  '11-26',
  '11-27',
  '11-30',
  '12-01',
  '12-02',
  '12-03',
  '12-04',
].map((d) => `2026-${d}`);

const createCommute = (driver: TestUser, overrides: Record<string, unknown> = {}) =>
  createCommuteVia(ctx, driver, commuteBody(overrides));

const ridesOf = (commuteId: string) =>
  ctx.db
    .selectFrom('rides')
    .select(['id', 'direction', 'departure_date', 'departure_time', 'from_name', 'status'])
    .where('commute_id', '=', commuteId)
    .orderBy('departure_at')
    .execute();

/** Who holds a booking on a ride, and its status. */
const bookedOn = (rideId: string) =>
  ctx.db.selectFrom('bookings').select(['passenger_id', 'status']).where('ride_id', '=', rideId).execute();

describe('POST /api/commutes validates', () => {
  it('days, times, end date at most 6 months ahead, start not in the past, seats and price', async () => {
    at(0);
    const driver = await createUser(ctx);
    const refused = async (overrides: Record<string, unknown>) =>
      (await call(ctx, 'POST', '/api/commutes', driver, commuteBody(overrides))).body.data;
    expect(await refused({ days: [] })).toEqual({ days: MSG.commuteDaysRequired });
    expect(await refused({ days: ['MONDAY'] })).toEqual({ 'days.0': MSG.commuteDayInvalid });
    expect(await refused({ departureTime: '25:00' })).toEqual({ departureTime: MSG.timeInvalid });
    expect(await refused({ endDate: '2027-05-23' })).toEqual({ endDate: MSG.commuteEndTooFar });
    expect(await refused({ startDate: '2026-11-21' })).toEqual({ startDate: MSG.commuteStartInPast });
    expect(await refused({ seats: 9 })).toEqual({ seats: MSG.seatsRange });
    expect(await refused({ pricePerSeat: 0 })).toEqual({ pricePerSeat: MSG.priceInvalid });
    expect(
      (await call(ctx, 'POST', '/api/commutes', driver, commuteBody({ endDate: '2027-05-22' }))).status,
    ).toBe(201);
  });

  it('places as an offer does: a city under its other name is the same place, on create and on edit', async () => {
    at(0);
    const driver = await createUser(ctx);
    const refused = async (overrides: Record<string, unknown>) =>
      (await call(ctx, 'POST', '/api/commutes', driver, commuteBody(overrides))).body.data;
    expect(await refused({ from: 'Bengaluru', to: 'Bangalore' })).toEqual({ to: MSG.samePlace });
    expect(await refused({ from: 'Mandya', to: 'Mysuru', stops: [{ place: 'Mysore' }] })).toEqual({
      to: MSG.stopSameAsNeighbour,
    });
    const commute = await createCommute(driver, { from: 'Mandya', to: 'Mysuru' });
    const edit = await call(
      ctx,
      'PUT',
      `/api/commutes/${commute.id}`,
      driver,
      commuteBody({ from: 'Mysore', to: 'Mysuru' }),
    );
    expect(edit.status).toBe(400);
    expect(edit.body.data).toEqual({ to: MSG.samePlace });
  });
});

describe('materialisation', () => {
  it('makes 14 days of rides on the chosen weekdays in IST, return trips reversed, idempotently', async () => {
    at(0);
    const driver = await createUser(ctx);
    const commute = await createCommute(driver);
    expect(commute).toMatchObject({
      status: 'ACTIVE',
      days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
      returnTime: '18:00',
    });
    const rides = await ridesOf(commute.id);
    expect(rides.filter((r) => r.direction === 'OUTBOUND').map((r) => r.departure_date)).toEqual(
      WEEKDAYS_AHEAD,
    );
    expect(rides.filter((r) => r.direction === 'RETURN').map((r) => r.departure_date)).toEqual(
      WEEKDAYS_AHEAD,
    );
    expect(rides.find((r) => r.direction === 'RETURN')).toMatchObject({
      from_name: 'Koramangala',
      departure_time: '18:00',
    });
    expect(commute.upcoming).toHaveLength(20);
    expect(commute.upcoming[0]).toMatchObject({
      commuteId: commute.id,
      direction: 'OUTBOUND',
      days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
      from: 'Whitefield',
      departureDate: '2026-11-23',
      departureTime: '08:30',
    });
    // A rerun, and a second app on the same database at once, make nothing twice.
    const other = await createTestApp({ databaseUrl: ctx.database.url });
    try {
      await Promise.all([runJobs(ctx), runJobs(other), runJobs(ctx)]);
    } finally {
      await other.app.close();
      await other.database.destroy();
    }
    expect(await ridesOf(commute.id)).toHaveLength(20);
  });

  it('gives its rides the stops, reversed on the return trip with their times estimated', async () => {
    at(0);
    const driver = await createUser(ctx);
    const commute = await createCommute(driver, { stops: [{ place: 'Marathahalli', time: '08:50' }] });
    const out = commute.upcoming.find((r: { direction: string }) => r.direction === 'OUTBOUND');
    const back = commute.upcoming.find((r: { direction: string }) => r.direction === 'RETURN');
    const places = (r: { stops: { place: string; time: string; estimated: boolean }[] }) =>
      r.stops.map((p) => `${p.place} ${p.time}${p.estimated ? ' ~' : ''}`);
    expect(places(out)).toEqual([
      'Whitefield 08:30',
      'Marathahalli 08:50',
      expect.stringMatching(/^Koramangala /),
    ]);
    expect(places(back)[0]).toBe('Koramangala 18:00');
    expect(places(back).map((p: string) => p.split(' ')[0])).toEqual([
      'Koramangala',
      'Marathahalli',
      'Whitefield',
    ]);
    expect(places(back)[1]).toMatch(/~$/);
    const bad = await call(
      ctx,
      'POST',
      '/api/commutes',
      driver,
      commuteBody({ stops: [{ place: 'Marathahalli', time: '08:30' }] }),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data)).toEqual(['stops.0.time']);
  });

  it('places a stop whose name has several places as an offer does: the one between its ends', async () => {
    at(0);
    const driver = await createUser(ctx);
    // "Ganjam" is also a district of Odisha, over 1,000 km away; on this road it is Mysuru's Ganjam.
    const body = { from: 'Mysuru', to: 'Mandya', stops: [{ place: 'Ganjam' }] };
    const commute = await createCommute(driver, body);
    const out = commute.upcoming.find((r: { direction: string }) => r.direction === 'OUTBOUND');
    const back = commute.upcoming.find((r: { direction: string }) => r.direction === 'RETURN');
    const offered = await call(ctx, 'POST', '/api/rides/offer', driver, {
      ...commuteBody(body),
      departureDate: '2026-11-23',
      passengers: 3,
    });
    expect(offered.status).toBe(201);
    expect(out.stops[1]).toMatchObject({ place: 'Ganjam', lat: offered.body.data.stops[1].lat });
    expect(back.stops[1]).toMatchObject({ place: 'Ganjam', lat: offered.body.data.stops[1].lat });
    expect(out.distanceKm).toBe(offered.body.data.distanceKm);
    expect(out.distanceKm).toBeLessThan(60);
  });

  it('catches up after a gap, and stops at the end date', async () => {
    at(0);
    const driver = await createUser(ctx);
    const commute = await createCommute(driver, { returnTime: null, endDate: '2026-12-08' });
    at(5 * DAY); // Friday 27th: the job missed four midnights
    await runJobs(ctx);
    const dates = (await ridesOf(commute.id)).map((r) => r.departure_date);
    expect(dates).toEqual([...WEEKDAYS_AHEAD, '2026-12-07', '2026-12-08']);
  });

  it('is searchable like any ride', async () => {
    at(0);
    const driver = await createUser(ctx);
    const searcher = await createUser(ctx);
    const commute = await createCommute(driver, { from: 'Hebbal', to: 'Electronic City' });
    const res = await call(
      ctx,
      'GET',
      '/api/rides/search?from=hebbal&to=electronic&date=2026-11-24',
      searcher,
    );
    expect(res.body.data.map((r: { id: string; commuteId: string }) => r.commuteId)).toEqual([commute.id]);
  });

  it('is found along the way, from a town its route passes near (its rides are on the search grid)', async () => {
    at(0);
    const driver = await createUser(ctx);
    const searcher = await createUser(ctx);
    const commute = await createCommute(driver, { from: 'Bengaluru', to: 'Mysuru', returnTime: null });
    const res = await call(ctx, 'GET', '/api/rides/search?from=Mandya&to=Mysuru&date=2026-11-24', searcher);
    const found = res.body.data.filter((r: { commuteId?: string }) => r.commuteId === commute.id);
    expect(found).toHaveLength(1);
    expect(found[0].segment.from.distanceKm).toBeLessThanOrEqual(10);
  });
});

describe('standing bookings', () => {
  it('tell the driver of the rides booked at subscribe time in one mail, and of a ride made later in its own', async () => {
    at(0);
    const driver = await createUser(ctx, { first_name: 'Kiran', last_name: 'Das' });
    const asha = await createUser(ctx, { first_name: 'Asha', last_name: 'Rao' });
    const commute = await createCommute(driver);
    const sub = await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, asha, {
      seats: 2,
      days: ['MON', 'WED'],
      direction: 'OUTBOUND',
    });
    expect(sub.body.data.booked).toHaveLength(4);
    const mails = await ctx.db
      .selectFrom('mails')
      .select(['subject', 'text_body'])
      .where('to_address', '=', driver.email)
      .execute();
    expect(mails.map((m) => m.subject)).toEqual(['Booking requests: Whitefield to Koramangala']);
    expect(mails[0]!.text_body).toContain(
      [
        'Hi Kiran Das,',
        'Asha Rao asked for 2 seats on 4 rides of your commute from Whitefield to Koramangala. Please confirm or reject each request.',
        '- 2026-11-23 at 08:30: Rs 240',
        '- 2026-11-25 at 08:30: Rs 240',
        '- 2026-11-30 at 08:30: Rs 240',
        '- 2026-12-02 at 08:30: Rs 240',
      ].join('\n'),
    );
    at(2 * DAY); // Monday 7 December enters the horizon: booked for the standing booking, its own mail
    await runJobs(ctx);
    // (The four requests, unanswered, have expired meanwhile: those mails are not requests.)
    const requests = (await subjectsTo(ctx, driver.email)).filter((t) => !t.includes('expired'));
    expect(requests).toEqual([
      'Booking requests: Whitefield to Koramangala',
      'Booking request: Whitefield to Koramangala',
    ]);
  });

  it('book every upcoming matching ride, say which were full, and book rides made later', async () => {
    at(0);
    const driver = await createUser(ctx);
    const asha = await createUser(ctx);
    const ravi = await createUser(ctx);
    const commute = await createCommute(driver, { seats: 2, instantBooking: true });
    const first = await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, asha, {
      seats: 2,
      days: ['MON', 'WED'],
      direction: 'OUTBOUND',
    });
    expect(first.status).toBe(201);
    expect(first.body.data.booked.map((b: { date: string }) => b.date)).toEqual([
      '2026-11-23',
      '2026-11-25',
      '2026-11-30',
      '2026-12-02',
    ]);
    expect(first.body.data.booked[0].status).toBe('CONFIRMED');
    expect(first.body.data.full).toEqual([]);
    at(60_000); // later rides go to the standing bookings in the order they were made
    const second = await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, ravi, {
      seats: 1,
      days: ['MON', 'TUE'],
      direction: 'OUTBOUND',
    });
    expect(second.body.data.booked.map((b: { date: string }) => b.date)).toEqual([
      '2026-11-24',
      '2026-12-01',
    ]);
    expect(second.body.data.full.map((b: { date: string }) => b.date)).toEqual(['2026-11-23', '2026-11-30']);
    at(2 * DAY); // Tuesday: Monday 7 December enters the horizon
    await runJobs(ctx);
    const mine = await call(ctx, 'GET', '/api/bookings/my-bookings', await fresh(asha));
    expect(
      mine.body.data.map((b: { ride: { departureDate: string } }) => b.ride.departureDate).sort(),
    ).toEqual(['2026-11-23', '2026-11-25', '2026-11-30', '2026-12-02', '2026-12-07']);
    const gone = await call(
      ctx,
      'DELETE',
      `/api/commutes/${commute.id}/subscriptions/mine`,
      await fresh(asha),
    );
    expect(gone.body.data).toEqual({ cancelled: 4 });
    // One mail for the four days (one-mail-per-person-cancels.test.ts reads it).
    const told = (await subjectsTo(ctx, driver.email)).filter((t) => t.includes('cancelled'));
    expect(told).toEqual(['Bookings cancelled: Whitefield to Koramangala']);
    const after = await call(ctx, 'GET', '/api/bookings/my-bookings', await fresh(asha));
    expect(after.body.data.filter((b: { status: string }) => b.status === 'CANCELLED')).toHaveLength(4);
    expect(after.body.data.find((b: { status: string }) => b.status === 'CANCELLED').cancelReason).toBe(
      'PASSENGER',
    );
  });

  it('skip a subscriber the driver has blocked on a ride made later; the ride is made, others are booked', async () => {
    at(0);
    const driver = await createUser(ctx);
    const asha = await createUser(ctx);
    const ravi = await createUser(ctx);
    const commute = await createCommute(driver, { returnTime: null, instantBooking: true });
    for (const p of [asha, ravi]) {
      const sub = await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, p, {
        seats: 1,
        days: ['MON'],
      });
      expect(sub.status).toBe(201);
    }
    expect((await call(ctx, 'POST', `/api/users/${asha.id}/block`, driver)).status).toBe(200);
    at(2 * DAY); // Tuesday: Monday 7 December enters the horizon
    await runJobs(ctx);
    const made = (await ridesOf(commute.id)).find((r) => r.departure_date === '2026-12-07');
    expect(made).toMatchObject({ status: 'ACTIVE' });
    expect(await bookedOn(made!.id)).toEqual([{ passenger_id: ravi.id, status: 'CONFIRMED' }]);
    // The job ran whole: it is not waiting to be retried.
    const job = await ctx.db
      .selectFrom('jobs')
      .select(['attempts', 'last_error'])
      .where('key', '=', `materialise-commute:${commute.id}`)
      .executeTakeFirstOrThrow();
    expect(job.last_error).toBeNull();
    // Subscribing again is refused whole, as a single booking would be.
    const again = await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, await fresh(asha), {
      seats: 1,
    });
    expect(again).toMatchObject({ status: 403, body: { error: ERR.blockedBooking } });
  });

  it('skip a subscriber whose stops an edit removed on a ride made later; others are booked', async () => {
    at(0);
    const driver = await createUser(ctx);
    const asha = await createUser(ctx);
    const ravi = await createUser(ctx);
    const stops = [{ place: 'Marathahalli', time: '08:50' }];
    const commute = await createCommute(driver, { returnTime: null, instantBooking: true, stops });
    const hers = await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, asha, {
      seats: 1,
      days: ['MON'],
      fromStop: 1,
      toStop: 2,
    });
    expect(hers.body.data.booked.map((b: { date: string }) => b.date)).toEqual(['2026-11-23', '2026-11-30']);
    await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, ravi, { seats: 1, days: ['MON'] });
    const edit = await call(
      ctx,
      'PUT',
      `/api/commutes/${commute.id}`,
      driver,
      commuteBody({ returnTime: null, instantBooking: true }),
    );
    expect(edit.status).toBe(200);
    at(2 * DAY); // Monday 7 December is made without the stop: Asha's segment is not on it
    await runJobs(ctx);
    const made = (await ridesOf(commute.id)).find((r) => r.departure_date === '2026-12-07');
    expect(made).toMatchObject({ status: 'ACTIVE' });
    expect(await bookedOn(made!.id)).toEqual([{ passenger_id: ravi.id, status: 'CONFIRMED' }]);
  });

  it('at subscribe time book the other days and report a women-only day the passenger may not book as full', async () => {
    at(0);
    const driver = await createUser(ctx, { gender: 'FEMALE' });
    const arun = await createUser(ctx, { gender: 'MALE' });
    const commute = await createCommute(driver, { returnTime: null, days: ['MON', 'WED'] });
    const wednesday = commute.upcoming.find(
      (r: { departureDate: string }) => r.departureDate === '2026-11-25',
    );
    const edit = await call(ctx, 'PUT', `/api/rides/${wednesday.id}/update`, driver, {
      from: 'Whitefield',
      to: 'Koramangala',
      departureDate: '2026-11-25',
      departureTime: '08:30',
      passengers: 3,
      pricePerSeat: 120,
      carModel: 'Swift',
      carNumber: 'KA01AB1234',
      womenOnly: true,
    });
    expect(edit.body.data.womenOnly).toBe(true);
    const sub = await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, arun, { seats: 1 });
    expect(sub.status).toBe(201);
    expect(sub.body.data.booked.map((b: { date: string }) => b.date)).toEqual([
      '2026-11-23',
      '2026-11-30',
      '2026-12-02',
    ]);
    expect(sub.body.data.full).toEqual([{ rideId: wednesday.id, date: '2026-11-25' }]);
  });

  it('book a segment on the return ride as the same journey reversed', async () => {
    at(0);
    const driver = await createUser(ctx);
    const asha = await createUser(ctx);
    const stops = [{ place: 'Indiranagar', time: '08:50' }];
    const commute = await createCommute(driver, { days: ['MON'], instantBooking: true, stops });
    const sub = await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, asha, {
      seats: 1,
      fromStop: 1,
      toStop: 2,
    });
    expect(sub.body.data.full).toEqual([]);
    const mine = await call(ctx, 'GET', '/api/bookings/my-bookings', asha);
    type Trip = {
      fromStop: number;
      toStop: number;
      totalAmount: number;
      pickup: { place: string };
      drop: { place: string };
      ride: { departureDate: string; direction: string };
    };
    const tripsOn = (bookings: Trip[], date: string) =>
      bookings
        .filter((b) => b.ride.departureDate === date)
        .map((b) => `${b.ride.direction} ${b.fromStop}-${b.toStop} ${b.pickup.place} to ${b.drop.place}`)
        .sort();
    const both = ['OUTBOUND 1-2 Indiranagar to Koramangala', 'RETURN 0-1 Koramangala to Indiranagar'];
    expect(tripsOn(mine.body.data, '2026-11-23')).toEqual(both);
    // The same kilometres each way: the same share of the Rs 120 route.
    expect(new Set((mine.body.data as Trip[]).map((b) => b.totalAmount))).toEqual(new Set([41]));
    at(2 * DAY); // Tuesday: Monday 7 December's rides are made and booked the same way
    await runJobs(ctx);
    const later = await call(ctx, 'GET', '/api/bookings/my-bookings', await fresh(asha));
    expect(tripsOn(later.body.data, '2026-12-07')).toEqual(both);
  });

  it('leave unbooked both rides made later without the segment stops (mirrored, the return one falls below 0)', async () => {
    at(0);
    const driver = await createUser(ctx);
    const asha = await createUser(ctx);
    const stops = [{ place: 'Indiranagar', time: '08:50' }];
    const commute = await createCommute(driver, { days: ['MON'], instantBooking: true, stops });
    await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, asha, {
      seats: 1,
      fromStop: 1,
      toStop: 2,
    });
    await call(ctx, 'PUT', `/api/commutes/${commute.id}`, driver, commuteBody({ days: ['MON'] }));
    at(2 * DAY); // Monday 7 December is made without the stop: on neither ride is there a point 2
    expect(await runJobs(ctx)).toMatchObject({ failed: 0 });
    const made = (await ridesOf(commute.id)).filter((r) => r.departure_date === '2026-12-07');
    expect(made.map((r) => r.status)).toEqual(['ACTIVE', 'ACTIVE']);
    const booked = await ctx.db
      .selectFrom('bookings')
      .select('id')
      .where(
        'ride_id',
        'in',
        made.map((r) => r.id),
      )
      .execute();
    expect(booked).toEqual([]);
  });

  it('when stopped cancel only the bookings they made, not those the passenger made one by one', async () => {
    at(0);
    const driver = await createUser(ctx);
    const asha = await createUser(ctx);
    const commute = await createCommute(driver);
    const rideOn = (date: string, direction: string) =>
      commute.upcoming.find(
        (r: { departureDate: string; direction: string }) =>
          r.departureDate === date && r.direction === direction,
      ).id as string;
    const evening = await book(ctx, asha, rideOn('2026-11-23', 'RETURN'));
    const morning = await book(ctx, asha, rideOn('2026-11-24', 'OUTBOUND'));
    const sub = await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, asha, {
      seats: 1,
      direction: 'OUTBOUND',
    });
    expect(sub.body.data.booked).toHaveLength(10); // every weekday's morning, the one she holds included
    const gone = await call(ctx, 'DELETE', `/api/commutes/${commute.id}/subscriptions/mine`, asha);
    expect(gone.body.data).toEqual({ cancelled: 9 });
    const mine = await call(ctx, 'GET', '/api/bookings/my-bookings', asha);
    const open = mine.body.data
      .filter((b: { status: string }) => b.status !== 'CANCELLED')
      .map((b: { id: string; status: string }) => `${b.id} ${b.status}`)
      .sort();
    expect(open).toEqual([`${evening.id} PENDING`, `${morning.id} PENDING`].sort());
  });

  it('report a day the passenger already booked one by one as booked, with that booking unchanged and not doubled', async () => {
    at(0);
    const driver = await createUser(ctx);
    const asha = await createUser(ctx);
    const commute = await createCommute(driver, { returnTime: null });
    const tuesday = commute.upcoming.find((r: { departureDate: string }) => r.departureDate === '2026-11-24');
    const held = await book(ctx, asha, tuesday.id, 1);
    const sub = await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, asha, {
      seats: 2,
      days: ['MON', 'TUE'],
    });
    expect(sub.status).toBe(201);
    expect(sub.body.data.full).toEqual([]);
    expect(sub.body.data.booked.map((b: { date: string }) => b.date)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-30',
      '2026-12-01',
    ]);
    expect(sub.body.data.booked[1]).toEqual({
      rideId: tuesday.id,
      date: '2026-11-24',
      bookingId: held.id,
      status: 'PENDING',
    });
    const onTuesday = await ctx.db
      .selectFrom('bookings')
      .select(['id', 'status', 'seats_booked', 'subscription_id'])
      .where('ride_id', '=', tuesday.id)
      .where('passenger_id', '=', asha.id)
      .execute();
    expect(onTuesday).toEqual([{ id: held.id, status: 'PENDING', seats_booked: 1, subscription_id: null }]);
    const gone = await call(ctx, 'DELETE', `/api/commutes/${commute.id}/subscriptions/mine`, asha);
    expect(gone.body.data).toEqual({ cancelled: 3 }); // the booking made one by one stays
  });

  it('refuse the driver and an unknown commute', async () => {
    at(0);
    const driver = await createUser(ctx);
    const commute = await createCommute(driver);
    const own = await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, driver, { seats: 1 });
    expect(own).toMatchObject({ status: 409, body: { error: ERR.ownCommuteSubscription } });
    const none = await call(ctx, 'POST', '/api/commutes/nope/subscriptions', driver, { seats: 1 });
    expect(none).toMatchObject({ status: 404, body: { error: ERR.commuteNotFound } });
  });
});

describe('skip, edit and stop', () => {
  it('skipping a day cancels that ride and its passenger sees why', async () => {
    at(0);
    const driver = await createUser(ctx);
    const asha = await createUser(ctx);
    const commute = await createCommute(driver, { instantBooking: true });
    const sub = await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, asha, { seats: 1 });
    const monday = sub.body.data.booked[0];
    await call(ctx, 'PUT', `/api/rides/${monday.rideId}/status?status=CANCELLED`, driver);
    const mine = await call(ctx, 'GET', '/api/bookings/my-bookings', asha);
    expect(mine.body.data.find((b: { id: string }) => b.id === monday.bookingId)).toMatchObject({
      status: 'CANCELLED',
      cancelReason: 'RIDE_CANCELLED',
    });
  });

  it('an edit changes the rides nobody booked; booked rides keep their data', async () => {
    at(0);
    const driver = await createUser(ctx);
    const asha = await createUser(ctx);
    const commute = await createCommute(driver, { returnTime: null });
    await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, asha, { seats: 1, days: ['MON'] });
    const res = await call(
      ctx,
      'PUT',
      `/api/commutes/${commute.id}`,
      driver,
      commuteBody({ returnTime: null, departureTime: '09:15' }),
    );
    expect(res.status).toBe(200);
    const times = (await ridesOf(commute.id)).map((r) => `${r.departure_date} ${r.departure_time}`);
    expect(times.filter((t) => t.endsWith('08:30'))).toEqual(['2026-11-23 08:30', '2026-11-30 08:30']);
    expect(times).toHaveLength(10);
  });

  it('an edit that moves the end date later after the end was reached keeps making rides', async () => {
    at(0);
    const driver = await createUser(ctx);
    const commute = await createCommute(driver, { returnTime: null, endDate: '2026-11-27' });
    at(DAY); // Monday 23rd: every ride up to the end exists, so the daily job is done
    await runJobs(ctx);
    const res = await call(
      ctx,
      'PUT',
      `/api/commutes/${commute.id}`,
      await fresh(driver),
      commuteBody({ returnTime: null, endDate: '2027-01-31' }),
    );
    expect(res.status).toBe(200);
    at(11 * DAY); // Thursday 3 December: the horizon runs to Wednesday 16 December
    await runJobs(ctx);
    expect((await ridesOf(commute.id)).map((r) => r.departure_date)).toEqual([
      ...WEEKDAYS_AHEAD,
      ...['12-07', '12-08', '12-09', '12-10', '12-11', '12-14', '12-15', '12-16'].map((d) => `2026-${d}`),
    ]);
  });

  it('stopping cancels the future rides, tells their passengers, and keeps the commute readable', async () => {
    at(0);
    const driver = await createUser(ctx);
    const asha = await createUser(ctx);
    const commute = await createCommute(driver, { instantBooking: true });
    await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, asha, {
      seats: 1,
      days: ['TUE'],
      direction: 'RETURN',
    });
    expect((await call(ctx, 'DELETE', `/api/commutes/${commute.id}`, driver)).status).toBe(200);
    expect(new Set((await ridesOf(commute.id)).map((r) => r.status))).toEqual(new Set(['CANCELLED']));
    // Her two Tuesday returns, in one mail.
    expect(await subjectsTo(ctx, asha.email)).toEqual(['Rides cancelled: Whitefield to Koramangala']);
    const view = await call(ctx, 'GET', `/api/commutes/${commute.id}`, asha);
    expect(view.body.data.status).toBe('STOPPED');
    at(3 * DAY);
    await runJobs(ctx);
    expect(await ridesOf(commute.id)).toHaveLength(20);
    const mine = await call(ctx, 'GET', '/api/commutes/my', await fresh(driver));
    expect(mine.body.data.map((c: { id: string }) => c.id)).toContain(commute.id);
  });
  it('editing a stopped commute is a conflict (409), as stopping it again is', async () => {
    at(0);
    const driver = await createUser(ctx);
    const commute = await createCommute(driver);
    expect((await call(ctx, 'DELETE', `/api/commutes/${commute.id}`, driver)).status).toBe(200);
    const edit = await call(ctx, 'PUT', `/api/commutes/${commute.id}`, driver, commuteBody({ seats: 2 }));
    expect(edit.status).toBe(409);
    const stopped = {
      success: false,
      data: null,
      message: ERR.commuteStopped,
      error: ERR.commuteStopped,
      code: 'COMMUTE_STOPPED',
    };
    expect(edit.body).toEqual(stopped);
    const again = await call(ctx, 'DELETE', `/api/commutes/${commute.id}`, driver);
    expect(again.status).toBe(409);
    expect(again.body).toEqual(stopped);
    expect(new Set((await ridesOf(commute.id)).map((r) => r.status))).toEqual(new Set(['CANCELLED']));
  });
});

describe('the commute driver phone', () => {
  it('is null to a stranger when the driver shares it only with confirmed co-travellers, as on its rides', async () => {
    at(0);
    const driver = await createUser(ctx, { phone: '9811100021' });
    const stranger = await createUser(ctx);
    const asha = await createUser(ctx);
    const profile = await call(ctx, 'PUT', '/api/users/profile', driver, {
      firstName: 'Private',
      lastName: 'Driver',
      phone: '9811100021',
      contactVisibility: 'CONFIRMED',
    });
    expect(profile.body.data.contactVisibility).toBe('CONFIRMED');
    const commute = await createCommute(driver, { instantBooking: true });
    expect(commute.driver.phone).toBe('9811100021');
    const seen = await call(ctx, 'GET', `/api/commutes/${commute.id}`, stranger);
    expect(seen.body.data.driver).toEqual({
      id: driver.id,
      name: 'Private Driver',
      phone: null,
      rating: 0,
    });
    expect(seen.body.data.upcoming[0].driver.phone).toBeNull();
    // A passenger with a confirmed booking on one of its rides sees it.
    await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, asha, { seats: 1, days: ['MON'] });
    const hers = await call(ctx, 'GET', `/api/commutes/${commute.id}`, asha);
    expect(hers.body.data.driver.phone).toBe('9811100021');
  });
});
