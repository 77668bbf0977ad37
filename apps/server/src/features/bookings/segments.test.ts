import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, MSG, type Ride } from '@saathchalo/shared';
import { createUser, type TestUser } from '../../test/factories.js';
import {
  bookSegment,
  call,
  legState,
  offerRide,
  PAST_SOON,
  rideParties,
  SOON,
  TOMORROW,
} from '../../test/marketplace.js';
import { TEST_NOW } from '../../test/test-app.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** Bengaluru (09:00) → Maddur (10:51, estimated) → Mandya (11:15) → Mysuru (12:12), 3 seats at 300. */
async function alongTheWay(driver: TestUser, overrides: Record<string, unknown> = {}) {
  return offerRide(ctx, driver, {
    passengers: 3,
    pricePerSeat: 300,
    stops: [{ place: 'Maddur' }, { place: 'Mandya', time: '11:15' }],
    ...overrides,
  });
}

const seatsToNext = async (rideId: string, viewer: TestUser) =>
  (
    (await call(ctx, 'GET', `/api/rides/${rideId}`, viewer)).body.data.stops as {
      seatsToNext: number | null;
    }[]
  ).map((s) => s.seatsToNext);

describe('seats per leg (CONTRACT.md section 7)', () => {
  it('a full Bengaluru → Mandya leaves every seat of Mandya → Mysuru, and none of the whole route', async () => {
    const { driver, passenger, stranger } = await rideParties(ctx);
    const ride = await alongTheWay(driver);
    const first = await bookSegment(ctx, passenger, ride.id, { fromStop: 0, toStop: 2 }, 3);
    expect(first.status).toBe(201);
    expect(await seatsToNext(ride.id, driver)).toEqual([0, 0, 3, null]);
    expect((await call(ctx, 'GET', `/api/rides/${ride.id}`, driver)).body.data.availableSeats).toBe(0);

    const second = await bookSegment(ctx, stranger, ride.id, { fromStop: 2, toStop: 3 }, 3);
    expect(second.status).toBe(201);
    expect(await seatsToNext(ride.id, driver)).toEqual([0, 0, 0, null]);

    const third = await createUser(ctx);
    for (const segment of [{}, { fromStop: 1, toStop: 3 }, { fromStop: 1, toStop: 2 }]) {
      const refused = await bookSegment(ctx, third, ride.id, segment);
      expect(refused).toMatchObject({ status: 409, body: { error: ERR.notEnoughSeats } });
    }
    expect(await legState(ctx, ride.id)).toEqual({ legs: [0, 0, 0], expected: [0, 0, 0], available: 0 });
  });

  it('a cancelled or rejected booking gives back exactly the legs it held', async () => {
    const { driver, passenger, stranger } = await rideParties(ctx);
    const ride = await alongTheWay(driver);
    const a = (await bookSegment(ctx, passenger, ride.id, { fromStop: 1, toStop: 3 }, 2)).body.data;
    const b = (await bookSegment(ctx, stranger, ride.id, { fromStop: 0, toStop: 1 }, 1)).body.data;
    expect(await seatsToNext(ride.id, driver)).toEqual([2, 1, 1, null]);
    expect((await call(ctx, 'PUT', `/api/bookings/${a.id}/cancel`, passenger)).status).toBe(200);
    expect(await seatsToNext(ride.id, driver)).toEqual([2, 3, 3, null]);
    // The driver's reject is the same call.
    expect((await call(ctx, 'PUT', `/api/bookings/${b.id}/cancel`, driver)).status).toBe(200);
    expect(await legState(ctx, ride.id)).toEqual({ legs: [3, 3, 3], expected: [3, 3, 3], available: 3 });
  });

  it('cancelling or deleting the ride gives every leg back', async () => {
    const { driver, passenger, stranger } = await rideParties(ctx);
    const ride = await alongTheWay(driver);
    await bookSegment(ctx, passenger, ride.id, { fromStop: 0, toStop: 2 }, 2);
    await bookSegment(ctx, stranger, ride.id, { fromStop: 2, toStop: 3 }, 1);
    expect((await call(ctx, 'PUT', `/api/rides/${ride.id}/status?status=CANCELLED`, driver)).status).toBe(
      200,
    );
    expect(await legState(ctx, ride.id)).toEqual({ legs: [3, 3, 3], expected: [3, 3, 3], available: 3 });

    const other = await alongTheWay(driver);
    await bookSegment(ctx, passenger, other.id, { fromStop: 1, toStop: 2 }, 3);
    expect((await call(ctx, 'DELETE', `/api/rides/${other.id}`, driver)).status).toBe(200);
    expect(await legState(ctx, other.id)).toEqual({ legs: [3, 3, 3], expected: [3, 3, 3], available: 3 });
  });

  it('gives back the legs of a passenger who deletes their account', async () => {
    const { driver } = await rideParties(ctx);
    const leaving = await createUser(ctx);
    const ride = await alongTheWay(driver);
    await bookSegment(ctx, leaving, ride.id, { fromStop: 1, toStop: 3 }, 2);
    expect(await legState(ctx, ride.id)).toMatchObject({ legs: [3, 1, 1], available: 1 });
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/users/profile', headers: leaving.auth });
    expect(res.statusCode).toBe(200);
    expect(await legState(ctx, ride.id)).toEqual({ legs: [3, 3, 3], expected: [3, 3, 3], available: 3 });
  });
});

describe('booking a segment', () => {
  it('prices the segment by its share of the route and names where the passenger boards and leaves', async () => {
    const { driver, passenger } = await rideParties(ctx);
    const ride = await alongTheWay(driver);
    const res = await bookSegment(ctx, passenger, ride.id, { fromStop: 0, toStop: 2 }, 2);
    expect(res.status).toBe(201);
    // 300 × 90.9 km of 128.4 km = 212.4 → 212 a seat.
    expect(res.body.data).toMatchObject({
      fromStop: 0,
      toStop: 2,
      seatsBooked: 2,
      totalAmount: 424,
      pickup: { place: 'Bengaluru', date: TOMORROW, time: '09:00' },
      drop: { place: 'Mandya', date: TOMORROW, time: '11:15' },
    });
    expect(res.body.data.ride.stops.map((s: { seatsToNext: number | null }) => s.seatsToNext)).toEqual([
      1,
      1,
      3,
      null,
    ]);
    const tail = await bookSegment(ctx, await createUser(ctx), ride.id, { fromStop: 2, toStop: 3 });
    // 300 × 37.5 of 128.4 = 87.6 → 88.
    expect(tail.body.data).toMatchObject({
      totalAmount: 88,
      pickup: { place: 'Mandya' },
      drop: { place: 'Mysuru' },
    });
  });

  it('books the whole route by default, at the whole price', async () => {
    const { driver, passenger } = await rideParties(ctx);
    const ride = await alongTheWay(driver);
    const res = await bookSegment(ctx, passenger, ride.id, {});
    expect(res.body.data).toMatchObject({
      fromStop: 0,
      toStop: 3,
      totalAmount: 300,
      drop: { place: 'Mysuru', time: '12:12' },
    });
  });

  it('boards at a searched place on the way: where the line passes nearest, its time and kilometres interpolated', async () => {
    const { driver, passenger } = await rideParties(ctx);
    const ride = await offerRide(ctx, driver, { passengers: 3, pricePerSeat: 300 });
    const res = await bookSegment(ctx, passenger, ride.id, { pickupPlace: 'Mandya', dropPlace: 'Mysuru' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      fromStop: 0,
      toStop: 1,
      pickup: { place: 'Mandya', date: TOMORROW, time: expect.stringMatching(/^11:[0-5]\d$/) },
      drop: { place: 'Mysuru', date: TOMORROW, time: '12:12' },
    });
    expect(res.body.data.totalAmount).toBeGreaterThan(60);
    expect(res.body.data.totalAmount).toBeLessThan(120);
  });

  it('names a searched place as the gazetteer writes it, as search shows it, however it was typed', async () => {
    const { driver, passenger } = await rideParties(ctx);
    const ride = await offerRide(ctx, driver, { passengers: 3, pricePerSeat: 300 });
    const res = await bookSegment(ctx, passenger, ride.id, { pickupPlace: ' mandya ', dropPlace: 'Mysuru' });
    expect(res.status).toBe(201);
    expect(res.body.data.pickup.place).toBe('Mandya');
  });

  it('refuses a searched place past the leg it boards on, before the leg it leaves on, or far from the route', async () => {
    const { driver, passenger } = await rideParties(ctx);
    const ride = await alongTheWay(driver);
    const refused = (field: string, text: string) => ({
      status: 400,
      body: { message: ERR.validationFailed, error: text, data: { [field]: text } },
    });
    // Search would have named these segments from Maddur, or to Mandya: priced one way, seats held another.
    expect(
      await bookSegment(ctx, passenger, ride.id, { pickupPlace: 'Mandya', dropPlace: 'Maddur' }),
    ).toMatchObject(refused('pickupPlace', MSG.pickupPastLeg));
    expect(await bookSegment(ctx, passenger, ride.id, { pickupPlace: 'Maddur' })).toMatchObject(
      refused('pickupPlace', MSG.pickupPastLeg),
    );
    expect(await bookSegment(ctx, passenger, ride.id, { dropPlace: 'Maddur' })).toMatchObject(
      refused('dropPlace', MSG.dropBeforeLeg),
    );
    expect(await bookSegment(ctx, passenger, ride.id, { pickupPlace: 'Delhi' })).toMatchObject(
      refused('pickupPlace', MSG.placeOffRoute),
    );
    expect(await seatsToNext(ride.id, driver)).toEqual([3, 3, 3, null]);
    const right = await bookSegment(ctx, passenger, ride.id, { fromStop: 1, pickupPlace: 'Maddur' });
    expect(right.status).toBe(201);
    expect(right.body.data).toMatchObject({ fromStop: 1, toStop: 3, pickup: { place: 'Maddur' } });
  });

  it('charges and names exactly what search showed, booked with the places search showed', async () => {
    const { driver } = await rideParties(ctx);
    const mine = [
      (await offerRide(ctx, driver, { pricePerSeat: 999 })).id,
      (await offerRide(ctx, driver, { from: 'Greater Noida', to: 'Delhi', pricePerSeat: 300 })).id,
    ];
    const trips = [
      ['Mandya', 'Mysuru'],
      ['Bengaluru', 'Mandya'],
      ['Mandya', 'Srirangapatna'],
      ['Noida', 'Delhi'],
    ];
    for (const [from, to] of trips) {
      const qs = new URLSearchParams({ from: from!, to: to!, date: TOMORROW }).toString();
      const found = (await call(ctx, 'GET', `/api/rides/search?${qs}`, driver)).body.data as Ride[];
      const ride = found.find((r) => mine.includes(r.id));
      expect(ride, `${from} to ${to}`).toBeDefined();
      const { id, segment } = { id: ride!.id, segment: ride!.segment! };
      const passenger = await createUser(ctx);
      const booked = await bookSegment(ctx, passenger, id, {
        fromStop: segment.fromStop,
        toStop: segment.toStop,
        pickupPlace: segment.from.place,
        dropPlace: segment.to.place,
      });
      expect(booked.status).toBe(201);
      const shown = (end: { place: string; date: string; time: string }) => ({
        place: end.place,
        date: end.date,
        time: end.time,
      });
      expect({ trip: `${from} to ${to}`, ...booked.body.data }).toMatchObject({
        trip: `${from} to ${to}`,
        totalAmount: segment.pricePerSeat,
        pickup: shown(segment.from),
        drop: shown(segment.to),
      });
    }
  });

  it('charges the whole price when the route has no distance', async () => {
    const { driver, passenger } = await rideParties(ctx);
    const ride = await offerRide(ctx, driver, {
      pricePerSeat: 300,
      stops: [{ place: 'Ramu Dhaba', time: '10:00' }],
    });
    const res = await bookSegment(ctx, passenger, ride.id, { fromStop: 1, toStop: 2 });
    expect(res.body.data).toMatchObject({ totalAmount: 300, pickup: { place: 'Ramu Dhaba', time: '10:00' } });
  });

  it.each([
    [{ fromStop: 2, toStop: 2 }, 'toStop', MSG.segmentOrder],
    [{ fromStop: 2, toStop: 1 }, 'toStop', MSG.segmentOrder],
    [{ fromStop: 0, toStop: 4 }, 'toStop', MSG.stopIndexInvalid],
    [{ toStop: 8 }, 'toStop', MSG.stopIndexInvalid],
    [{ fromStop: 3 }, 'fromStop', MSG.stopIndexInvalid],
    [{ fromStop: -1 }, 'fromStop', MSG.stopIndexInvalid],
    [{ fromStop: '1' }, 'fromStop', MSG.stopIndexInvalid],
    [{ toStop: 1.5 }, 'toStop', MSG.stopIndexInvalid],
    [{ toStop: 0 }, 'toStop', MSG.segmentOrder],
  ])('refuses a segment that is not one of the ride (%j)', async (segment, field, message) => {
    const { driver, passenger } = await rideParties(ctx);
    const ride = await alongTheWay(driver);
    const res = await bookSegment(ctx, passenger, ride.id, segment);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: 'Validation failed',
      error: message,
      data: { [field]: message },
    });
    expect(await legState(ctx, ride.id)).toMatchObject({ legs: [3, 3, 3] });
  });

  it('books a stop still ahead of a ride under way, but not a point already passed', async () => {
    const { driver, passenger, stranger } = await rideParties(ctx);
    const today = TEST_NOW.slice(0, 10);
    const ride = await offerRide(ctx, driver, {
      departureDate: today,
      departureTime: SOON,
      stops: [{ place: 'Maddur', time: '12:00' }],
    });
    ctx.clock.set(Date.parse(TEST_NOW) + PAST_SOON);
    try {
      const ahead = await bookSegment(ctx, passenger, ride.id, { fromStop: 1, toStop: 2 });
      expect(ahead.status).toBe(201);
      const passed = await bookSegment(ctx, stranger, ride.id, { fromStop: 0, toStop: 1 });
      expect(passed).toMatchObject({ status: 409, body: { error: ERR.rideDeparted } });
      const early = await offerRide(ctx, driver, {
        departureDate: today,
        departureTime: '10:07',
        stops: [{ place: 'Maddur', time: '10:09' }],
      });
      ctx.clock.set(Date.parse(TEST_NOW) + 10 * 60_000);
      const gone = await bookSegment(ctx, stranger, early.id, { fromStop: 1, toStop: 2 });
      expect(gone).toMatchObject({ status: 409, body: { error: ERR.segmentNotBookable } });
    } finally {
      ctx.clock.set(Date.parse(TEST_NOW));
    }
  });

  it('books a place on the line still ahead of a ride under way, as search offers it, until it passes', async () => {
    const { driver, passenger, stranger } = await rideParties(ctx);
    const today = TEST_NOW.slice(0, 10);
    const ride = await offerRide(ctx, driver, { departureDate: today, departureTime: SOON });
    ctx.clock.set(Date.parse(TEST_NOW) + PAST_SOON);
    try {
      const qs = new URLSearchParams({ from: 'Mandya', to: 'Mysuru', date: today }).toString();
      const found = (await call(ctx, 'GET', `/api/rides/search?${qs}`, passenger)).body.data as Ride[];
      const segment = found.find((r) => r.id === ride.id)!.segment!;
      expect(segment).toMatchObject({ fromStop: 0, toStop: 1, from: { place: 'Mandya' } });
      expect(segment.from.time > '10:06').toBe(true); // the ride left Bengaluru at 10:05
      const body = { fromStop: 0, toStop: 1, pickupPlace: 'Mandya', dropPlace: 'Mysuru' };
      const booked = await bookSegment(ctx, passenger, ride.id, body);
      expect(booked.status).toBe(201);
      expect(booked.body.data.pickup).toMatchObject({ place: 'Mandya', time: segment.from.time });
      const origin = await bookSegment(ctx, stranger, ride.id, { fromStop: 0, toStop: 1 });
      expect(origin).toMatchObject({ status: 409, body: { error: ERR.rideDeparted } });
      ctx.clock.set(Date.parse(`${today}T${segment.from.time}:00+05:30`) + 60_000);
      // Signed in after the clock moved: an access token lives 15 minutes.
      const late = await createUser(ctx);
      const passed = await bookSegment(ctx, late, ride.id, body);
      expect(passed).toMatchObject({ status: 409, body: { error: ERR.segmentNotBookable } });
    } finally {
      ctx.clock.set(Date.parse(TEST_NOW));
    }
  });

  it('names the pickup and drop in the booking mails', async () => {
    const { driver, passenger } = await rideParties(ctx);
    const ride = await alongTheWay(driver, { instantBooking: true });
    const res = await bookSegment(ctx, passenger, ride.id, { fromStop: 1, toStop: 2 });
    const toDriver = await ctx.db
      .selectFrom('mails')
      .select('text_body')
      .where('to_address', '=', driver.email)
      .execute();
    expect(toDriver[0]?.text_body).toContain(
      `Pickup: Maddur, ${TOMORROW} at 10:51. Drop: Mandya, ${TOMORROW} at 11:15.`,
    );
    await call(ctx, 'PUT', `/api/bookings/${res.body.data.id}/cancel`, passenger);
    const cancelled = await ctx.db
      .selectFrom('mails')
      .select('text_body')
      .where('to_address', '=', driver.email)
      .execute();
    expect(cancelled[1]?.text_body).toContain('Pickup: Maddur');
  });
});
