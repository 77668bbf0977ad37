import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type Ride } from '@saathchalo/shared';
import { createUser, type TestUser } from '../../test/factories.js';
import { call, offerRide } from '../../test/marketplace.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let driver: TestUser;
let rides: Ride[];
beforeAll(async () => {
  ctx = await createTestApp();
  driver = await createUser(ctx);
  // Nashik to Shirdi on three days of one week, and one more a month later.
  rides = [];
  for (const departureDate of ['2026-12-03', '2026-12-01', '2026-12-05', '2027-01-10']) {
    rides.push(await offerRide(ctx, driver, { from: 'Nashik', to: 'Shirdi', departureDate }));
  }
});
afterAll(() => ctx.close());

const filter = (query: string) =>
  call(ctx, 'GET', `/api/rides/filter?from=Nashik&to=Shirdi&${query}`, driver);
const datesOf = (res: { body: { data: Ride[] } }) => res.body.data.map((r) => r.departureDate);
const refused = (field: string, message: string) => ({
  success: false,
  message: 'Validation failed',
  error: message,
  data: { [field]: message },
  code: 'VALIDATION_FAILED',
});

describe("GET /api/rides/filter with the specification client's dates", () => {
  it('takes startDate and endDate as a range, both days included, soonest first', async () => {
    const res = await filter('startDate=2026-12-01&endDate=2026-12-03');
    expect(res.status).toBe(200);
    expect(datesOf(res)).toEqual(['2026-12-01', '2026-12-03']);
  });

  it('reads startDate alone as the 31 days from it', async () => {
    expect(datesOf(await filter('startDate=2026-12-02'))).toEqual(['2026-12-03', '2026-12-05']);
    expect(datesOf(await filter('startDate=2026-12-11'))).toEqual(['2027-01-10']);
  });

  it('still takes date alone as that one day', async () => {
    expect(datesOf(await filter('date=2026-12-05'))).toEqual(['2026-12-05']);
  });

  it('refuses date together with a range, an end alone, an end before the start and a range over 31 days', async () => {
    expect((await filter('date=2026-12-01&startDate=2026-12-01')).body).toEqual(
      refused('date', MSG.dateRangeConflict),
    );
    expect((await filter('endDate=2026-12-05')).body).toEqual(refused('startDate', MSG.searchDateRequired));
    expect((await filter('startDate=2026-12-05&endDate=2026-12-04')).body).toEqual(
      refused('endDate', MSG.dateRangeInvalid),
    );
    expect((await filter('startDate=2026-12-01&endDate=2027-01-01')).body).toEqual(
      refused('endDate', MSG.dateRangeInvalid),
    );
    expect((await filter('startDate=2026-12-01&endDate=2026-12-31')).status).toBe(200);
    expect((await filter('')).body).toEqual(refused('date', MSG.searchDateRequired));
  });

  it('shows a ride offered in the range on the next call (range answers are not kept)', async () => {
    const query = 'startDate=2026-12-20&endDate=2026-12-22';
    expect(datesOf(await filter(query))).toEqual([]);
    await offerRide(ctx, driver, { from: 'Nashik', to: 'Shirdi', departureDate: '2026-12-21' });
    expect(datesOf(await filter(query))).toEqual(['2026-12-21']);
  });
});

describe('GET /api/rides/filter pages', () => {
  const range = 'startDate=2026-12-01&endDate=2026-12-05';

  it('count from 0 when size is given, as the specification client sends them', async () => {
    expect(datesOf(await filter(`${range}&page=0&size=2`))).toEqual(['2026-12-01', '2026-12-03']);
    expect(datesOf(await filter(`${range}&page=1&size=2`))).toEqual(['2026-12-05']);
    expect(datesOf(await filter(`${range}&size=1`))).toEqual(['2026-12-01']);
  });

  it('count from 1 with limit, as the contract says', async () => {
    expect(datesOf(await filter(`${range}&page=1&limit=2`))).toEqual(['2026-12-01', '2026-12-03']);
    expect(datesOf(await filter(`${range}&page=2&limit=2`))).toEqual(['2026-12-05']);
  });

  it('refuse size with limit, page 0 without size, and sizes that are not decimal whole numbers', async () => {
    expect((await filter(`${range}&size=2&limit=2`)).body).toEqual(refused('size', MSG.pageSizeConflict));
    expect((await filter(`${range}&page=0`)).body).toEqual(refused('page', MSG.pageInvalid));
    expect((await filter(`${range}&size=0x2`)).body).toEqual(refused('size', MSG.numberBetween(1, 100)));
    expect((await filter(`${range}&size=101`)).body).toEqual(refused('size', MSG.numberBetween(1, 100)));
  });
});

describe('page numbers out of range', () => {
  it('say the range they must be in, not that a whole number is not a whole number', async () => {
    const search = (query: string) =>
      call(ctx, 'GET', `/api/rides/search?from=Nashik&to=Shirdi&date=2026-12-03&${query}`, driver);
    expect((await search('limit=101')).body).toEqual(refused('limit', MSG.numberBetween(1, 100)));
    expect((await search('page=0')).body).toEqual(refused('page', MSG.numberBetween(1, 1000000)));
    expect((await search('page=1&limit=0')).body).toEqual(refused('limit', MSG.numberBetween(1, 100)));
    expect(MSG.numberBetween(1, 100)).toBe('Must be a whole number from 1 to 100');
  });
});

describe('filter bounds that contradict each other', () => {
  it('are refused on the bound that cannot hold, and an unknown sort in words', async () => {
    const on = 'date=2026-12-03';
    expect((await filter(`${on}&minPrice=500&maxPrice=100`)).body).toEqual(
      refused('maxPrice', 'Maximum price must not be below the minimum price'),
    );
    expect((await filter(`${on}&departAfter=18:00&departBefore=09:00`)).body).toEqual(
      refused('departBefore', 'Depart before must not be earlier than depart after'),
    );
    expect((await filter(`${on}&sort=cheapest`)).body).toEqual(
      refused('sort', 'Sort must be departure, price or rating'),
    );
    expect(
      datesOf(await filter(`${on}&minPrice=100&maxPrice=100000&departAfter=00:00&departBefore=23:59`)),
    ).toEqual(['2026-12-03']);
  });
});
