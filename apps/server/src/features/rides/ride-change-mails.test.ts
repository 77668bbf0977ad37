import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.js';
import { mailLinesTo } from '../../test/jobs.js';
import { book, call, offerRide, rideBody, rideParties } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** The mails queued to an address with a subject, as lines of text (without the dashboard link). */
async function mailsTo(address: string, subject: string) {
  return (await mailLinesTo(ctx, address, subject)).map((lines) => lines.slice(0, 5));
}

const CHANGED = 'Ride changed: Bengaluru to Mysuru';

describe('a driver editing a ride that passengers have booked', () => {
  it('tells each passenger holding seats, pending or confirmed, their new pickup and drop', async () => {
    const { driver, passenger } = await rideParties(ctx);
    const pending = await createUser(ctx, { first_name: 'Meena', last_name: 'Iyer' });
    const ride = await offerRide(ctx, driver, { departureDate: '2026-11-24', departureTime: '09:00' });
    const confirmed = await book(ctx, passenger, ride.id);
    expect((await call(ctx, 'PUT', `/api/bookings/${confirmed.id}/confirm`, driver)).status).toBe(200);
    await book(ctx, pending, ride.id, 2);
    const res = await call(ctx, 'PUT', `/api/rides/${ride.id}/update`, driver, {
      ...rideBody({ departureDate: '2026-11-24', departureTime: '11:00' }),
      carNumber: 'KA05XY9876',
    });
    expect(res.status).toBe(200);
    const arrival = res.body.data.stops.at(-1).time as string;
    expect(await mailsTo(passenger.email, CHANGED)).toEqual([
      [
        'Hi Asha Rao,',
        'Ravi Kumar changed the ride you booked 1 seat on. It is now the ride from Bengaluru to Mysuru on 2026-11-24 at 11:00.',
        `Pickup: Bengaluru, 2026-11-24 at 11:00. Drop: Mysuru, 2026-11-24 at ${arrival}.`,
        'Car: Maruti Swift (KA05XY9876).',
        'If this no longer suits you, you can cancel your booking from your dashboard.',
      ],
    ]);
    expect((await mailsTo(pending.email, CHANGED)).map((lines) => lines[1])).toEqual([
      'Ravi Kumar changed the ride you booked 2 seats on. It is now the ride from Bengaluru to Mysuru on 2026-11-24 at 11:00.',
    ]);
  });

  it('tells nobody of an edit that changes no one’s pickup, drop or car (price, seats, notes)', async () => {
    const { driver, passenger } = await rideParties(ctx);
    const ride = await offerRide(ctx, driver, { departureDate: '2026-11-25' });
    await book(ctx, passenger, ride.id);
    const res = await call(ctx, 'PUT', `/api/rides/${ride.id}/update`, driver, {
      ...rideBody({ departureDate: '2026-11-25', passengers: 5, pricePerSeat: 300 }),
      additionalInfo: 'AC, one bag each',
    });
    expect(res.status).toBe(200);
    expect(await mailsTo(passenger.email, CHANGED)).toEqual([]);
  });

  it('tells only the passenger whose drop moved when the driver changes the destination', async () => {
    const { driver, passenger } = await rideParties(ctx);
    const firstLeg = await createUser(ctx);
    const ride = await offerRide(ctx, driver, {
      departureDate: '2026-11-26',
      stops: [{ place: 'Mandya', time: '10:30' }],
    });
    const short = await call(ctx, 'POST', `/api/rides/${ride.id}/book`, firstLeg, { toStop: 1 });
    expect(short.status).toBe(201);
    await book(ctx, passenger, ride.id);
    const res = await call(ctx, 'PUT', `/api/rides/${ride.id}/update`, driver, {
      ...rideBody({ departureDate: '2026-11-26', to: 'Srirangapatna' }),
    });
    expect(res.status).toBe(200);
    const end = res.body.data.stops.at(-1) as { place: string; time: string };
    expect(end.place).not.toBe('Mysuru');
    expect(await mailsTo(firstLeg.email, `Ride changed: Bengaluru to ${end.place}`)).toEqual([]);
    expect(
      (await mailsTo(passenger.email, `Ride changed: Bengaluru to ${end.place}`)).map((l) => l[2]),
    ).toEqual([`Pickup: Bengaluru, 2026-11-26 at 09:00. Drop: ${end.place}, 2026-11-26 at ${end.time}.`]);
  });
});
