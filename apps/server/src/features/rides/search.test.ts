import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@saathchalo/shared';
import { createUser, type TestUser } from '../../test/factories.js';
import { book, call, dateSequence, offerRide } from '../../test/marketplace.js';
import { validationFailed } from '../../test/accounts.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
let driver: TestUser;
let searcher: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  driver = await createUser(ctx, { first_name: 'Meena', last_name: 'Iyer', rating_sum: 9, rating_count: 2 });
  searcher = await createUser(ctx);
});
afterAll(() => ctx.close());

const nextDate = dateSequence();

async function search(params: Record<string, string | number>, user: TestUser = searcher) {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return call(ctx, 'GET', `/api/rides/search?${qs}`, user);
}
const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((r) => r.id);

describe('GET /api/rides/search', () => {
  it('matches places regardless of case and spacing, with the driver name and rating', async () => {
    const date = nextDate();
    const ride = await offerRide(ctx, driver, { from: 'New Delhi', to: 'Jaipur', departureDate: date });
    const res = await search({ from: '  new   DELHI ', to: 'JAIPUR', date });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, error: null });
    expect(res.body.data).toEqual([
      expect.objectContaining({
        id: ride.id,
        from: 'New Delhi',
        to: 'Jaipur',
        driver: expect.objectContaining({
          id: driver.id,
          name: 'Meena Iyer',
          phone: expect.any(String),
          rating: 4.5,
        }),
        passengers: [],
        isOwnRide: false,
      }),
    ]);
  });

  it('matches a prefix of the name or of any of its words, not the middle of a word', async () => {
    const date = nextDate();
    const ride = await offerRide(ctx, driver, { from: 'New Delhi', to: 'Jaipur', departureDate: date });
    for (const from of ['delhi', 'Del', 'new', 'new del', 'New Delhi']) {
      expect(ids(await search({ from, to: 'jai', date }))).toEqual([ride.id]);
    }
    for (const from of ['elhi', 'ew delhi', 'delhii', 'newdelhi']) {
      expect(ids(await search({ from, to: 'jaipur', date }))).toEqual([]);
    }
  });

  it('finds renamed cities by their old and new names, both ways', async () => {
    const date = nextDate();
    const a = await offerRide(ctx, driver, { from: 'Bombay', to: 'Poona', departureDate: date });
    const b = await offerRide(ctx, driver, { from: 'Bengaluru', to: 'Mysore', departureDate: date, departureTime: '10:00' });
    const c = await offerRide(ctx, driver, { from: 'Gurgaon', to: 'Calcutta', departureDate: date });
    expect(ids(await search({ from: 'Mumbai', to: 'Pune', date }))).toEqual([a.id]);
    expect(ids(await search({ from: 'bombay', to: 'poona', date }))).toEqual([a.id]);
    expect(ids(await search({ from: 'Bangalore', to: 'Mysuru', date }))).toEqual([b.id]);
    expect(ids(await search({ from: 'bengaluru', to: 'mysore', date }))).toEqual([b.id]);
    expect(ids(await search({ from: 'Gurugram', to: 'Kolkata', date }))).toEqual([c.id]);
  });

  it('finds a city typed with its state after a comma ("Bengaluru, Karnataka"), as with its city', async () => {
    const date = nextDate();
    const ride = await offerRide(ctx, driver, { from: 'Bengaluru', to: 'Chennai', departureDate: date });
    for (const [from, to] of [
      ['Bengaluru, Karnataka', 'Chennai, Tamil Nadu'],
      ['bangalore ,karnataka', 'Madras, Tamil Nadu'],
      ['Whitefield, Karnataka', 'Chennai'],
      ['Bengaluru, Karnataka, India', 'Chennai, Chennai, Tamil Nadu'],
    ]) {
      expect(ids(await search({ from: from!, to: to!, date, radiusKm: 20 }))).toEqual([ride.id]);
    }
    expect(ids(await search({ from: 'Bengaluru, Kerala', to: 'Chennai', date }))).toEqual([]);
  });

  it('needs enough free seats for the passengers', async () => {
    const date = nextDate();
    const ride = await offerRide(ctx, driver, { from: 'Chennai', to: 'Pondicherry', departureDate: date, passengers: 3 });
    await book(ctx, await createUser(ctx), ride.id, 1);
    expect(ids(await search({ from: 'Madras', to: 'Puducherry', date, passengers: 2 }))).toEqual([ride.id]);
    expect(ids(await search({ from: 'Madras', to: 'Puducherry', date, passengers: 3 }))).toEqual([]);
    await book(ctx, await createUser(ctx), ride.id, 2);
    expect(ids(await search({ from: 'Madras', to: 'Puducherry', date }))).toEqual([]);
  });

  it('only returns rides on the date asked', async () => {
    const date = nextDate();
    await offerRide(ctx, driver, { from: 'Kochi', to: 'Munnar', departureDate: date });
    expect(ids(await search({ from: 'Kochi', to: 'Munnar', date: nextDate() }))).toEqual([]);
  });

  it('leaves out cancelled, deleted and completed rides', async () => {
    const date = nextDate();
    const active = await offerRide(ctx, driver, { from: 'Pune', to: 'Nashik', departureDate: date });
    const cancelled = await offerRide(ctx, driver, { from: 'Pune', to: 'Nashik', departureDate: date });
    const deleted = await offerRide(ctx, driver, { from: 'Pune', to: 'Nashik', departureDate: date });
    await call(ctx, 'PUT', `/api/rides/${cancelled.id}/status?status=CANCELLED`, driver);
    await call(ctx, 'DELETE', `/api/rides/${deleted.id}`, driver);
    expect(ids(await search({ from: 'Pune', to: 'Nashik', date }))).toEqual([active.id]);
  });

  it('leaves out rides that have departed (IST)', async () => {
    const today = '2026-11-22';
    const soon = await offerRide(ctx, driver, { from: 'Agra', to: 'Mathura', departureDate: today, departureTime: '10:05' });
    const later = await offerRide(ctx, driver, { from: 'Agra', to: 'Mathura', departureDate: today, departureTime: '10:30' });
    expect(ids(await search({ from: 'Agra', to: 'Mathura', date: today }))).toEqual([soon.id, later.id]);
    ctx.clock.advance(5 * 60_000);
    try {
      expect(ids(await search({ from: 'Agra', to: 'Mathura', date: today }))).toEqual([later.id]);
    } finally {
      ctx.clock.advance(-5 * 60_000);
    }
  });

  it('moves every later page up when a ride on an earlier page departs', async () => {
    const today = '2026-11-22';
    const at = (departureTime: string) =>
      offerRide(ctx, driver, { from: 'Kochi', to: 'Thrissur', departureDate: today, departureTime });
    const [first, second, third] = [await at('10:05'), await at('11:00'), await at('12:00')];
    const page = async (n: number) =>
      ids(await search({ from: 'Kochi', to: 'Thrissur', date: today, limit: 1, page: n }));
    expect([await page(1), await page(2)]).toEqual([[first.id], [second.id]]);
    ctx.clock.advance(6 * 60_000);
    try {
      expect([await page(1), await page(2)]).toEqual([[second.id], [third.id]]);
    } finally {
      ctx.clock.advance(-6 * 60_000);
    }
  });

  it("flags the searcher's own rides instead of offering them", async () => {
    const date = nextDate();
    const ride = await offerRide(ctx, driver, { from: 'Surat', to: 'Vadodara', departureDate: date });
    const own = await search({ from: 'Surat', to: 'Baroda', date }, driver);
    expect(own.body.data).toEqual([expect.objectContaining({ id: ride.id, isOwnRide: true, passengers: [] })]);
  });

  it('lists soonest first and pages', async () => {
    const date = nextDate();
    const late = await offerRide(ctx, driver, { from: 'Lucknow', to: 'Kanpur', departureDate: date, departureTime: '18:00' });
    const early = await offerRide(ctx, driver, { from: 'Lucknow', to: 'Kanpur', departureDate: date, departureTime: '06:00' });
    const mid = await offerRide(ctx, driver, { from: 'Lucknow', to: 'Kanpur', departureDate: date, departureTime: '12:00' });
    expect(ids(await search({ from: 'Lucknow', to: 'Kanpur', date }))).toEqual([early.id, mid.id, late.id]);
    expect(ids(await search({ from: 'Lucknow', to: 'Kanpur', date, limit: 2 }))).toEqual([early.id, mid.id]);
    expect(ids(await search({ from: 'Lucknow', to: 'Kanpur', date, limit: 2, page: 2 }))).toEqual([late.id]);
  });

  it('merges several matching places soonest first across pages', async () => {
    const date = nextDate();
    const offer = (from: string, to: string, time: string) => offerRide(ctx, driver, { from, to, departureDate: date, departureTime: time });
    const a = await offer('Navi Mumbai', 'Pune', '06:00');
    const b = await offer('Mumbai', 'Pimpri-Chinchwad', '07:00');
    const c = await offer('Mumbai', 'Pune', '08:00');
    const d = await offer('Navi Mumbai', 'Pune', '09:00');
    const e = await offer('Mumbai Central', 'Pune', '10:00');
    await offer('Thane', 'Pune', '06:30');
    expect(ids(await search({ from: 'mumbai', to: 'p', date }))).toEqual([a.id, b.id, c.id, d.id, e.id]);
    expect(ids(await search({ from: 'bombay', to: 'pune', date, limit: 2, page: 2 }))).toEqual([d.id, e.id]);
    expect(ids(await search({ from: 'mumbai', to: 'pune', date, limit: 2, page: 1 }))).toEqual([a.id, c.id]);
  });

  it('answers with an empty list when nothing matches', async () => {
    const res = await search({ from: 'Nowhere', to: 'Elsewhere', date: nextDate() });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it.each([
    [{ to: 'Pune', date: '2026-12-01' }, 'from', MSG.searchFromRequired],
    [{ from: 'Mumbai', date: '2026-12-01' }, 'to', MSG.searchToRequired],
    [{ from: 'Mumbai', to: 'Pune' }, 'date', MSG.searchDateRequired],
    [{ from: 'Mumbai', to: 'Pune', date: '01-12-2026' }, 'date', MSG.dateInvalid],
    [{ from: 'Mumbai', to: 'Pune', date: '2026-12-01', passengers: 9 }, 'passengers', MSG.passengersRange],
    [{ from: 'Mumbai', to: 'Pune', date: '2026-12-01', passengers: 0 }, 'passengers', MSG.passengersRange],
  ])('validates %j', async (params, field, message) => {
    const res = await search(params as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(validationFailed({ [field]: message }));
  });

  it('caps the page size at 100', async () => {
    const res = await search({ from: 'a', to: 'b', date: '2026-12-01', limit: 101 });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.data)).toEqual(['limit']);
  });
});

describe('GET /api/rides/filter', () => {
  async function fixture() {
    const date = nextDate();
    const good = await createUser(ctx, { rating_sum: 10, rating_count: 2 });
    const fair = await createUser(ctx, { rating_sum: 3, rating_count: 1 });
    const cheapEarly = await offerRide(ctx, fair, { from: 'Hyderabad', to: 'Warangal', departureDate: date, departureTime: '07:00', pricePerSeat: 150, passengers: 2 });
    const pricyLate = await offerRide(ctx, good, { from: 'Hyderabad', to: 'Warangal', departureDate: date, departureTime: '19:00', pricePerSeat: 400, passengers: 4 });
    const midNoon = await offerRide(ctx, fair, { from: 'Hyderabad', to: 'Warangal', departureDate: date, departureTime: '12:00', pricePerSeat: 250, passengers: 1 });
    const filter = (params: Record<string, string | number>) => {
      const qs = new URLSearchParams(Object.entries({ from: 'hyd', to: 'wara', date, ...params }).map(([k, v]): [string, string] => [k, String(v)]));
      return call(ctx, 'GET', `/api/rides/filter?${qs.toString()}`, searcher);
    };
    return { cheapEarly, pricyLate, midNoon, filter };
  }

  it('filters by price range', async () => {
    const f = await fixture();
    expect(ids(await f.filter({ minPrice: 200 }))).toEqual([f.midNoon.id, f.pricyLate.id]);
    expect(ids(await f.filter({ maxPrice: 250 }))).toEqual([f.cheapEarly.id, f.midNoon.id]);
    expect(ids(await f.filter({ minPrice: 200, maxPrice: 300 }))).toEqual([f.midNoon.id]);
  });

  it('filters by departure window and free seats', async () => {
    const f = await fixture();
    expect(ids(await f.filter({ departAfter: '08:00' }))).toEqual([f.midNoon.id, f.pricyLate.id]);
    expect(ids(await f.filter({ departBefore: '12:00' }))).toEqual([f.cheapEarly.id, f.midNoon.id]);
    expect(ids(await f.filter({ minSeats: 2 }))).toEqual([f.cheapEarly.id, f.pricyLate.id]);
  });

  it('sorts by departure, price or driver rating', async () => {
    const f = await fixture();
    expect(ids(await f.filter({}))).toEqual([f.cheapEarly.id, f.midNoon.id, f.pricyLate.id]);
    expect(ids(await f.filter({ sort: 'price' }))).toEqual([f.cheapEarly.id, f.midNoon.id, f.pricyLate.id]);
    expect(ids(await f.filter({ sort: 'rating' }))).toEqual([f.pricyLate.id, f.cheapEarly.id, f.midNoon.id]);
  });

  it('merges several matching places cheapest first across pages when filtered by price', async () => {
    const date = nextDate();
    const offer = (from: string, to: string, time: string, pricePerSeat: number) =>
      offerRide(ctx, driver, { from, to, departureDate: date, departureTime: time, pricePerSeat });
    const a = await offer('Navi Mumbai', 'Pune', '09:00', 150);
    const b = await offer('Mumbai', 'Pimpri-Chinchwad', '06:00', 200);
    const c = await offer('Mumbai', 'Pune', '08:00', 200);
    const d = await offer('Navi Mumbai', 'Pune', '07:00', 350);
    const e = await offer('Mumbai Central', 'Pune', '05:00', 500);
    await offer('Thane', 'Pune', '06:30', 100);
    const filter = (params: Record<string, string | number>) => {
      const qs = new URLSearchParams(Object.entries({ date, sort: 'price', ...params }).map(([k, v]): [string, string] => [k, String(v)]));
      return call(ctx, 'GET', `/api/rides/filter?${qs.toString()}`, searcher);
    };
    // Equal prices (b, c) go soonest first.
    expect(ids(await filter({ from: 'mumbai', to: 'p' }))).toEqual([a.id, b.id, c.id, d.id, e.id]);
    expect(ids(await filter({ from: 'bombay', to: 'p', limit: 2, page: 2 }))).toEqual([c.id, d.id]);
    expect(ids(await filter({ from: 'mumbai', to: 'p', limit: 2, page: 3 }))).toEqual([e.id]);
    expect(ids(await filter({ from: 'mumbai', to: 'p', minPrice: 200, maxPrice: 400 }))).toEqual([b.id, c.id, d.id]);
  });

  it('pages through many matches by price or by rating as through one sorted list', async () => {
    const date = nextDate();
    const rides: { id: string; price: number; rating: number; time: string }[] = [];
    for (let i = 0; i < 14; i += 1) {
      // Prices and ratings in another order than the departures, each distinct.
      const price = 100 + ((i * 5) % 14) * 10;
      const rating = 1 + ((i * 3) % 14);
      const owner = await createUser(ctx, { rating_sum: rating, rating_count: 4 });
      const time = `${String(6 + i).padStart(2, '0')}:00`;
      const ride = await offerRide(ctx, owner, { from: 'Hyderabad', to: 'Warangal', departureDate: date, departureTime: time, pricePerSeat: price });
      rides.push({ id: ride.id, price, rating, time });
    }
    const filter = (params: Record<string, string | number>) => {
      const qs = new URLSearchParams(Object.entries({ from: 'Hyderabad', to: 'Warangal', date, limit: 3, ...params }).map(([k, v]): [string, string] => [k, String(v)]));
      return call(ctx, 'GET', `/api/rides/filter?${qs.toString()}`, searcher);
    };
    const byPrice = [...rides].sort((a, b) => a.price - b.price).map((r) => r.id);
    const byRating = [...rides].sort((a, b) => b.rating - a.rating).map((r) => r.id);
    for (let page = 1; page <= 5; page += 1) {
      expect(ids(await filter({ sort: 'price', page }))).toEqual(byPrice.slice(3 * (page - 1), 3 * page));
      expect(ids(await filter({ sort: 'rating', page }))).toEqual(byRating.slice(3 * (page - 1), 3 * page));
    }
  });

  it('validates its parameters', async () => {
    const f = await fixture();
    const res = await f.filter({ sort: 'cheapest', departAfter: '7am' });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ departAfter: MSG.timeInvalid, sort: expect.any(String) });
  });
});
