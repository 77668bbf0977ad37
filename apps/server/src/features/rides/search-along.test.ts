import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@saathchalo/shared';
import { createUser, type TestUser } from '../../test/factories.js';
import { call, dateSequence, offerRide } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/** Search along the way (CONTRACT.md section 7): points, lines between them, radius, segments, seats per leg. */
let ctx: TestContext;
let driver: TestUser;
let searcher: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  driver = await createUser(ctx);
  searcher = await createUser(ctx);
});
afterAll(() => ctx.close());

const nextDate = dateSequence();

interface Found {
  id: string;
  availableSeats: number;
  pricePerSeat: number;
  segment: {
    fromStop: number;
    toStop: number;
    from: { place: string; date: string; time: string; distanceKm: number };
    to: { place: string; date: string; time: string; distanceKm: number };
    pricePerSeat: number;
    availableSeats: number;
  };
}

async function search(params: Record<string, string | number>, path = 'search') {
  const qs = new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const res = await call(ctx, 'GET', `/api/rides/${path}?${qs}`, searcher);
  expect(res.status).toBe(200);
  return res.body.data as Found[];
}
const ids = (rides: { id: string }[]) => rides.map((r) => r.id);

describe('search along the way', () => {
  it('finds a cancelled ride made active again from a town on its line', async () => {
    const date = nextDate();
    const ride = await offerRide(ctx, driver, { from: 'Bengaluru', to: 'Mysuru', departureDate: date });
    const fromMandya = async () => ids(await search({ from: 'Mandya', to: 'Mysuru', date }));
    expect(await fromMandya()).toEqual([ride.id]);
    await call(ctx, 'PUT', `/api/rides/${ride.id}/status?status=CANCELLED`, driver);
    expect(await fromMandya()).toEqual([]);
    expect((await call(ctx, 'PUT', `/api/rides/${ride.id}/status?status=ACTIVE`, driver)).status).toBe(200);
    expect(await fromMandya()).toEqual([ride.id]);
  });

  it('finds a Bengaluru to Mysuru ride without stops from Mandya, on the line between its ends', async () => {
    const date = nextDate();
    const ride = await offerRide(ctx, driver, {
      from: 'Bengaluru',
      to: 'Mysuru',
      departureDate: date,
      departureTime: '09:00',
    });
    const [found, ...rest] = await search({ from: 'Mandya', to: 'Mysuru', date });
    expect(rest).toEqual([]);
    expect(found!.id).toBe(ride.id);
    const { segment } = found!;
    expect(segment).toMatchObject({ fromStop: 0, toStop: 1, availableSeats: 3 });
    expect(segment.from.place).toBe('Mandya');
    expect(segment.from.date).toBe(date);
    expect(segment.from.distanceKm).toBeGreaterThan(0);
    expect(segment.from.distanceKm).toBeLessThanOrEqual(10);
    // Boarding on the line: its time lies between the departure and the arrival.
    expect(segment.from.time > '09:00' && segment.from.time < ride.stops[1]!.time).toBe(true);
    expect(segment.to).toMatchObject({ place: 'Mysuru', time: ride.stops[1]!.time, distanceKm: 0 });
  });

  it('names a place boarded on the line as the gazetteer writes it, whoever searched for it first', async () => {
    const date = nextDate();
    await offerRide(ctx, driver, { from: 'Bengaluru', to: 'Mysuru', departureDate: date });
    const other = await createUser(ctx);
    const boardingPlace = async (user: TestUser, from: string) => {
      const qs = new URLSearchParams({ from, to: 'Mysuru', date }).toString();
      const res = await call(ctx, 'GET', `/api/rides/search?${qs}`, user);
      expect(res.status).toBe(200);
      return (res.body.data as Found[]).map((r) => r.segment.from.place);
    };
    expect(await boardingPlace(other, 'mandya')).toEqual(['Mandya']);
    expect(await boardingPlace(searcher, 'Mandya')).toEqual(['Mandya']);
    expect(await boardingPlace(other, '  MANDYA ')).toEqual(['Mandya']);
  });

  it("filters the departure window by the minute the passenger boards, not the ride's departure", async () => {
    const date = nextDate();
    const ride = await offerRide(ctx, driver, {
      from: 'Bengaluru',
      to: 'Mysuru',
      departureDate: date,
      departureTime: '07:00',
    });
    const filter = async (departBefore: string, sort: string, from = 'Mandya') =>
      ids(await search({ from, to: 'Mysuru', date, departBefore, sort }, 'filter'));
    const [found] = await search({ from: 'Mandya', to: 'Mysuru', date });
    const boards = found!.segment.from.time;
    expect(boards > '07:00').toBe(true);
    const minuteBefore = new Date(Date.parse(`${date}T${boards}:00Z`) - 60_000).toISOString().slice(11, 16);
    for (const sort of ['departure', 'price', 'rating']) {
      // The ride has left Bengaluru and crossed into Mandya's area by then, and boards in that minute.
      expect(await filter(boards, sort)).toEqual([ride.id]);
      expect(await filter(minuteBefore, sort)).toEqual([]);
      // Boarding where it starts: in the very minute it reaches the area.
      expect(await filter('07:00', sort, 'Bengaluru')).toEqual([ride.id]);
      expect(await filter('06:59', sort, 'Bengaluru')).toEqual([]);
    }
  });

  it('finds a ride by the name of a stop, boarding there', async () => {
    const date = nextDate();
    const ride = await offerRide(ctx, driver, {
      from: 'Bengaluru',
      to: 'Mysuru',
      departureDate: date,
      stops: [{ place: 'Mandya', time: '11:00' }],
    });
    const [found] = await search({ from: 'mandya', to: 'mysuru', date });
    expect(found!.id).toBe(ride.id);
    expect(found!.segment).toMatchObject({
      fromStop: 1,
      toStop: 2,
      from: { place: 'Mandya', date, time: '11:00', distanceKm: 0 },
    });
  });

  it('finds a ride passing within radiusKm of the searched place, and not beyond it', async () => {
    const date = nextDate();
    const ride = await offerRide(ctx, driver, { from: 'Bengaluru', to: 'Mysuru', departureDate: date });
    // Whitefield is 17 km from where the ride starts, away from its line.
    expect(await search({ from: 'Whitefield', to: 'Mysuru', date })).toEqual([]);
    const [found] = await search({ from: 'Whitefield', to: 'Mysuru', date, radiusKm: 20 });
    expect(found!.id).toBe(ride.id);
    expect(found!.segment.from).toMatchObject({ place: 'Bengaluru' });
    expect(found!.segment.from.distanceKm).toBeGreaterThan(15);
    expect(found!.segment.from.distanceKm).toBeLessThan(20);
  });

  it('never takes a ride backwards: leaving comes after boarding along the route', async () => {
    const date = nextDate();
    await offerRide(ctx, driver, { from: 'Bengaluru', to: 'Mysuru', departureDate: date });
    expect(await search({ from: 'Mysuru', to: 'Mandya', date })).toEqual([]);
  });

  it('orders by boarding time, then by the sum of the two distances', async () => {
    const date = nextDate();
    const late = await offerRide(ctx, driver, {
      from: 'Bengaluru',
      to: 'Mysuru',
      departureDate: date,
      departureTime: '10:00',
    });
    const early = await offerRide(ctx, driver, {
      from: 'Kengeri',
      to: 'Mysuru',
      departureDate: date,
      departureTime: '08:00',
    });
    const nearer = await offerRide(ctx, driver, {
      from: 'Koramangala',
      to: 'Mysuru',
      departureDate: date,
      departureTime: '10:00',
    });
    expect(ids(await search({ from: 'Bengaluru', to: 'Mysuru', date, radiusKm: 15 }))).toEqual([
      early.id,
      late.id,
      nearer.id,
    ]);
  });

  it('shows the segment price and seats at the top level: max(1, round(price x segment km / route km))', async () => {
    const date = nextDate();
    const ride = await offerRide(ctx, driver, {
      from: 'Bengaluru',
      to: 'Mysuru',
      departureDate: date,
      pricePerSeat: 300,
      stops: [{ place: 'Mandya' }],
    });
    const [found] = await search({ from: 'Mandya', to: 'Mysuru', date });
    const mandya = ride.stops[1]!;
    expect(mandya.place).toBe('Mandya');
    const whole = (await call(ctx, 'GET', `/api/rides/${ride.id}`, searcher)).body.data;
    expect(whole.pricePerSeat).toBe(300);
    const segmentKm = ride.distanceKm! - Math.round(kmTo(ride, 1) * 10) / 10;
    const price = Math.max(1, Math.round((300 * segmentKm) / ride.distanceKm!));
    expect(found!.segment.pricePerSeat).toBe(price);
    expect(found!.pricePerSeat).toBe(price);
    expect(found!.availableSeats).toBe(found!.segment.availableSeats);
  });

  it('hides a ride for a segment whose leg is full, but not for another segment', async () => {
    const date = nextDate();
    const ride = await offerRide(ctx, driver, {
      from: 'Bengaluru',
      to: 'Mysuru',
      departureDate: date,
      passengers: 2,
      stops: [{ place: 'Mandya' }],
    });
    const passenger = await createUser(ctx);
    const res = await call(ctx, 'POST', `/api/rides/${ride.id}/book`, passenger, {
      seatsRequested: 2,
      fromStop: 0,
      toStop: 1,
    });
    expect(res.status).toBe(201);
    expect(await search({ from: 'Bengaluru', to: 'Mandya', date })).toEqual([]);
    expect(await search({ from: 'Bengaluru', to: 'Mysuru', date })).toEqual([]);
    const [found] = await search({ from: 'Mandya', to: 'Mysuru', date, passengers: 2 });
    expect(found).toMatchObject({
      id: ride.id,
      availableSeats: 2,
      segment: { fromStop: 1, toStop: 2, availableSeats: 2 },
    });
  });

  it('takes radiusKm from 1 to 50 whole km, on search and filter, and refuses others with a clear text', async () => {
    const date = nextDate();
    for (const path of ['search', 'filter']) {
      for (const radiusKm of ['0', '51', '2.5', 'far']) {
        const res = await call(
          ctx,
          'GET',
          `/api/rides/${path}?from=Mandya&to=Mysuru&date=${date}&radiusKm=${radiusKm}`,
          searcher,
        );
        expect(res.status).toBe(400);
        expect(JSON.stringify(res.body)).toContain(MSG.radiusRange);
      }
      for (const radiusKm of [1, 50])
        expect(await search({ from: 'Mandya', to: 'Mysuru', date, radiusKm }, path)).toEqual([]);
    }
  });
});

/** The straight-line km from the start to point i, as the ride measured it (its distance is along them). */
function kmTo(ride: { stops: { lat: number | null; lng: number | null }[] }, i: number): number {
  let km = 0;
  for (let k = 1; k <= i; k += 1) {
    const a = ride.stops[k - 1]!;
    const b = ride.stops[k]!;
    km += haversine(a.lat!, a.lng!, b.lat!, b.lng!);
  }
  return km;
}

function haversine(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.min(1, Math.sqrt(h)));
}
