import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, freshSession, type TestUser } from '../../test/factories.js';
import { mailLinesTo, runJobs, subjectsTo } from '../../test/jobs.js';
import { book, call, offerRide, seatState } from '../../test/marketplace.js';
import { createTestApp, TEST_NOW, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const MIN = 60_000;
const HOUR = 60 * MIN;
const at = (offsetMs: number) => ctx.clock.set(Date.parse(TEST_NOW) + offsetMs);

async function parties() {
  const driver = await createUser(ctx, { first_name: 'Kiran', last_name: 'Das' });
  const passenger = await createUser(ctx, { first_name: 'Meena', last_name: 'Iyer' });
  return { driver, passenger };
}

const now = (user: TestUser) => freshSession(ctx, user);

async function bookingOf(user: TestUser, id: string) {
  const res = await call(ctx, 'GET', '/api/bookings/my-bookings', await now(user));
  return (res.body.data as { id: string; status: string; cancelReason?: string | null }[]).find(
    (b) => b.id === id,
  )!;
}

/** Still PENDING `before` ms ahead of `deadline` (ms from now), CANCELLED as EXPIRED at it. */
async function expectLapsesAt(passenger: TestUser, bookingId: string, deadline: number, before: number) {
  at(deadline - before);
  await runJobs(ctx);
  expect((await bookingOf(passenger, bookingId)).status).toBe('PENDING');
  at(deadline);
  await runJobs(ctx);
  expect(await bookingOf(passenger, bookingId)).toMatchObject({
    status: 'CANCELLED',
    cancelReason: 'EXPIRED',
  });
}

/** The lines of the one mail of that subject queued to an address. */
async function mailLines(address: string, subject: string): Promise<string[]> {
  const [mail] = await mailLinesTo(ctx, address, subject);
  if (!mail) throw new Error(`no mail '${subject}' to ${address}`);
  return mail;
}

/** Bengaluru 15:00 today, instant, with a stop at Mandya at 16:30 where a passenger may board later. */
const rideWithLaterStop = (driver: TestUser) =>
  offerRide(ctx, driver, {
    departureDate: '2026-11-22',
    departureTime: '15:00',
    instantBooking: true,
    stops: [{ place: 'Mandya', time: '16:30' }],
  });

describe('a request the driver does not answer expires', () => {
  it('12 hours after it was made, with its seats released and a mail to each side, once', async () => {
    at(0);
    const { driver, passenger } = await parties();
    const ride = await offerRide(ctx, driver, { departureDate: '2026-11-25', passengers: 3 });
    const booking = await book(ctx, passenger, ride.id, 2);
    at(12 * HOUR - MIN);
    await runJobs(ctx);
    expect((await bookingOf(passenger, booking.id)).status).toBe('PENDING');
    at(12 * HOUR);
    await runJobs(ctx);
    expect(await bookingOf(passenger, booking.id)).toMatchObject({
      status: 'CANCELLED',
      cancelReason: 'EXPIRED',
    });
    expect(await seatState(ctx, ride.id)).toEqual({ total: 3, available: 3, held: 0 });
    const subject = 'Booking request expired: Bengaluru to Mysuru';
    expect(await subjectsTo(ctx, passenger.email)).toEqual([subject]);
    expect(await subjectsTo(ctx, driver.email)).toEqual(['Booking request: Bengaluru to Mysuru', subject]);
    at(13 * HOUR);
    await runJobs(ctx);
    expect(await subjectsTo(ctx, passenger.email)).toEqual([subject]);
  });

  it("name the request's pickup and drop to both sides, as every booking mail does", async () => {
    at(0);
    const { driver, passenger } = await parties();
    const ride = await offerRide(ctx, driver, {
      departureDate: '2026-11-25',
      stops: [{ place: 'Mandya', time: '10:30' }],
    });
    const booked = await call(ctx, 'POST', `/api/rides/${ride.id}/book`, passenger, {
      seatsRequested: 1,
      fromStop: 1,
    });
    expect(booked.status).toBe(201);
    at(12 * HOUR);
    await runJobs(ctx);
    const bodyTo = (address: string) => mailLines(address, 'Booking request expired: Bengaluru to Mysuru');
    const segment = `Pickup: Mandya, 2026-11-25 at 10:30. Drop: Mysuru, 2026-11-25 at ${ride.stops.at(-1)!.time}.`;
    expect((await bodyTo(passenger.email))[2]).toBe(segment);
    expect((await bodyTo(driver.email))[2]).toBe(segment);
  });

  it('1 hour before the pickup when that comes first', async () => {
    at(0);
    const { driver, passenger } = await parties();
    // Departs at 18:00 IST, 8 hours from now: the request lapses at 17:00.
    const ride = await offerRide(ctx, driver, { departureDate: '2026-11-22', departureTime: '18:00' });
    const booking = await book(ctx, passenger, ride.id);
    await expectLapsesAt(passenger, booking.id, 7 * HOUR, MIN);
  });

  it('15 minutes after a request made inside the last hour, not as it is made', async () => {
    at(0);
    const { driver, passenger } = await parties();
    // Departs at 10:40 IST, 40 minutes from now: its 1-hour deadline has passed already.
    const ride = await offerRide(ctx, driver, { departureDate: '2026-11-22', departureTime: '10:40' });
    const booking = await book(ctx, passenger, ride.id);
    await runJobs(ctx);
    await expectLapsesAt(passenger, booking.id, 15 * MIN, 1_000);
  });

  it('at the pickup itself when a late request leaves less than 15 minutes', async () => {
    at(0);
    const { driver, passenger } = await parties();
    const ride = await offerRide(ctx, driver, { departureDate: '2026-11-22', departureTime: '10:05' });
    const booking = await book(ctx, passenger, ride.id);
    at(5 * MIN - 1_000);
    await runJobs(ctx);
    const answered = await call(ctx, 'PUT', `/api/bookings/${booking.id}/confirm`, await now(driver));
    expect(answered.body.message).toBe('Booking confirmed successfully');
    const other = await createUser(ctx);
    const late = await book(ctx, other, ride.id);
    at(5 * MIN);
    await runJobs(ctx);
    expect(await bookingOf(other, late.id)).toMatchObject({ status: 'CANCELLED', cancelReason: 'EXPIRED' });
  });

  it('but not once the driver has confirmed it', async () => {
    at(0);
    const { driver, passenger } = await parties();
    const ride = await offerRide(ctx, driver, { departureDate: '2026-11-25' });
    const booking = await book(ctx, passenger, ride.id);
    expect((await call(ctx, 'PUT', `/api/bookings/${booking.id}/confirm`, driver)).status).toBe(200);
    at(12 * HOUR);
    await runJobs(ctx);
    expect(await bookingOf(passenger, booking.id)).toMatchObject({ status: 'CONFIRMED' });
    expect((await bookingOf(passenger, booking.id)).cancelReason).toBeNull();
  });
});

describe('reminders', () => {
  it('go to the driver and each confirmed passenger 60 minutes before the pickup, exactly once', async () => {
    at(0);
    const { driver, passenger } = await parties();
    const pending = await createUser(ctx);
    const ride = await offerRide(ctx, driver, { departureDate: '2026-11-22', departureTime: '15:00' });
    const booking = await book(ctx, passenger, ride.id);
    await call(ctx, 'PUT', `/api/bookings/${booking.id}/confirm`, driver);
    await book(ctx, pending, ride.id);
    at(4 * HOUR - MIN);
    await runJobs(ctx);
    const subject = 'Reminder: Bengaluru to Mysuru at 15:00';
    expect(await subjectsTo(ctx, passenger.email)).not.toContain(subject);
    at(4 * HOUR);
    await runJobs(ctx);
    await runJobs(ctx);
    expect((await subjectsTo(ctx, passenger.email)).filter((s) => s === subject)).toHaveLength(1);
    expect((await subjectsTo(ctx, driver.email)).filter((s) => s === subject)).toHaveLength(1);
    expect(await subjectsTo(ctx, pending.email)).not.toContain(subject);
  });

  it('reach a passenger boarding at a later stop 60 minutes before their own pickup, the driver before the departure', async () => {
    at(0);
    const { driver, passenger } = await parties();
    const later = await createUser(ctx, { first_name: 'Asha', last_name: 'Rao' });
    const ride = await rideWithLaterStop(driver);
    await book(ctx, passenger, ride.id);
    const segment = await call(ctx, 'POST', `/api/rides/${ride.id}/book`, later, {
      seatsRequested: 1,
      fromStop: 1,
    });
    expect(segment.body.data).toMatchObject({
      status: 'CONFIRMED',
      pickup: { place: 'Mandya', time: '16:30' },
    });
    at(4 * HOUR);
    await runJobs(ctx);
    await runJobs(ctx);
    const atDeparture = 'Reminder: Bengaluru to Mysuru at 15:00';
    const atMandya = 'Reminder: Bengaluru to Mysuru at 16:30';
    expect(await subjectsTo(ctx, driver.email)).toContain(atDeparture);
    expect(await subjectsTo(ctx, passenger.email)).toContain(atDeparture);
    expect(await subjectsTo(ctx, later.email)).not.toContain(atMandya);
    at(5 * HOUR + 30 * MIN - MIN);
    await runJobs(ctx);
    expect(await subjectsTo(ctx, later.email)).not.toContain(atMandya);
    at(5 * HOUR + 30 * MIN);
    await runJobs(ctx);
    await runJobs(ctx);
    const reminders = async (email: string) =>
      (await subjectsTo(ctx, email)).filter((s) => s.startsWith('Reminder:'));
    expect(await reminders(later.email)).toEqual([atMandya]);
    expect(await reminders(passenger.email)).toEqual([atDeparture]);
    expect(await reminders(driver.email)).toEqual([atDeparture]);
  });

  it("tell a passenger boarding at a later stop their own pickup, not that the ride 'leaves in an hour'", async () => {
    at(0);
    const { driver } = await parties();
    const later = await createUser(ctx, { first_name: 'Asha', last_name: 'Rao' });
    const ride = await rideWithLaterStop(driver);
    await call(ctx, 'POST', `/api/rides/${ride.id}/book`, later, { seatsRequested: 1, fromStop: 1 });
    for (const offset of [4 * HOUR, 5 * HOUR + 30 * MIN]) {
      at(offset);
      await runJobs(ctx);
    }
    const lines = await mailLines(later.email, 'Reminder: Bengaluru to Mysuru at 16:30');
    // Sent at 15:30, half an hour after the ride left Bengaluru.
    expect(lines.slice(0, 4)).toEqual([
      'Hi Asha Rao,',
      'Kiran Das picks you up in an hour for the ride from Bengaluru to Mysuru on 2026-11-22 at 15:00 (1 seat).',
      `Pickup: Mandya, 2026-11-22 at 16:30. Drop: Mysuru, 2026-11-22 at ${ride.stops.at(-1)!.time}.`,
      'Car: Maruti Swift (KA01AB1234).',
    ]);
  });

  it('follow a ride moved to a later hour', async () => {
    at(0);
    const { driver, passenger } = await parties();
    const ride = await offerRide(ctx, driver, {
      departureDate: '2026-11-22',
      departureTime: '15:00',
      instantBooking: true,
    });
    await book(ctx, passenger, ride.id);
    const moved = await call(ctx, 'PUT', `/api/rides/${ride.id}/update`, driver, {
      ...{ from: 'Bengaluru', to: 'Mysuru', departureDate: '2026-11-22', departureTime: '17:00' },
      ...{ passengers: 3, pricePerSeat: 250, carModel: 'Maruti Swift', carNumber: 'KA01AB1234' },
    });
    expect(moved.status).toBe(200);
    const changed = 'Ride changed: Bengaluru to Mysuru';
    at(4 * HOUR);
    await runJobs(ctx);
    expect(await subjectsTo(ctx, passenger.email)).toEqual([changed]);
    at(6 * HOUR);
    await runJobs(ctx);
    expect(await subjectsTo(ctx, passenger.email)).toEqual([
      changed,
      'Reminder: Bengaluru to Mysuru at 17:00',
    ]);
  });
});

describe('cancelReason says why a booking was cancelled', () => {
  it('PASSENGER, DRIVER and RIDE_CANCELLED; an open booking says null', async () => {
    at(0);
    const { driver, passenger } = await parties();
    const other = await createUser(ctx);
    const third = await createUser(ctx);
    const ride = await offerRide(ctx, driver, { departureDate: '2026-11-26' });
    const mine = await book(ctx, passenger, ride.id);
    const rejected = await book(ctx, other, ride.id);
    const open = await book(ctx, third, ride.id);
    expect(open).toHaveProperty('cancelReason', null);
    await call(ctx, 'PUT', `/api/bookings/${mine.id}/cancel`, passenger);
    await call(ctx, 'PUT', `/api/bookings/${rejected.id}/cancel`, driver);
    await call(ctx, 'PUT', `/api/rides/${ride.id}/status?status=CANCELLED`, driver);
    expect((await bookingOf(passenger, mine.id)).cancelReason).toBe('PASSENGER');
    expect((await bookingOf(other, rejected.id)).cancelReason).toBe('DRIVER');
    expect((await bookingOf(third, open.id)).cancelReason).toBe('RIDE_CANCELLED');
  });
});
