import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@saathchalo/shared';
import { createTestApp, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function places(query: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/places?${query}` });
  return {
    status: res.statusCode,
    body: res.json() as { success: boolean; data: any; error: string | null },
  };
}

const names = (data: { name: string; area: string }[]) => data.map((p) => `${p.name}, ${p.area}`);

describe('GET /api/places', () => {
  it('answers up to ten places in the contract shape, without signing in', async () => {
    const res = await places('q=mysuru');
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toEqual({
      id: expect.any(String),
      name: 'Mysuru',
      area: 'Mysuru',
      state: 'Karnataka',
      lat: 12.2979,
      lng: 76.6393,
      kind: 'city',
    });
    expect((await places('q=s')).body.data).toHaveLength(10);
  });

  it('finds a locality with its city', async () => {
    const res = await places('q=Whitefield');
    expect(res.body.data[0]).toMatchObject({
      name: 'Whitefield',
      area: 'Bengaluru',
      state: 'Karnataka',
      kind: 'locality',
    });
  });

  it('finds a locality typed with its city after a comma, as the product names it ("Whitefield, Bengaluru")', async () => {
    const found = async (q: string) => names((await places(`q=${encodeURIComponent(q)}`)).body.data);
    expect(await found('Whitefield, Bengaluru')).toEqual(['Whitefield, Bengaluru']);
    expect(await found('whitefield ,  BANGALORE ')).toEqual(['Whitefield, Bengaluru']);
    expect(await found('Whitefield, Beng')).toEqual(['Whitefield, Bengaluru']);
    expect(await found('Whitefield,')).toEqual(['Whitefield, Bengaluru']);
    expect((await found('Salt Lake, Kol'))[0]).toBe('Salt Lake, Kolkata');
    expect((await found('Pune, Maharashtra'))[0]).toBe('Pune, Pune');
    expect((await found('Koramangala, Bengaluru, Karnataka'))[0]).toBe('Koramangala, Bengaluru');
    expect(await found('Whitefield, Bengaluru, India')).toEqual(['Whitefield, Bengaluru']);
    expect(await found('Whitefield, Chennai')).toEqual([]);
  });

  it("answers a commuter's name for a metro locality with the locality in its city first", async () => {
    const top = async (q: string) => {
      const [p] = (await places(`q=${encodeURIComponent(q)}`)).body.data as { [k: string]: string }[];
      return `${p?.name}, ${p?.area}, ${p?.state}`;
    };
    expect(await top('Dwarka')).toBe('Dwarka, Delhi, Delhi');
    expect(await top('Udyog Vihar')).toBe('Udyog Vihar, Gurugram, Haryana');
    expect(await top('Bandra')).toBe('Bandra, Mumbai, Maharashtra');
    expect(await top('BKC')).toBe('Bandra Kurla Complex, Mumbai, Maharashtra');
    expect(await top('Kothrud')).toBe('Kothrud, Pune, Maharashtra');
    expect(await top('T Nagar')).toBe('T Nagar, Chennai, Tamil Nadu');
  });

  it('keeps the old and new names of cities', async () => {
    expect((await places('q=Gurgaon')).body.data[0]).toMatchObject({ name: 'Gurugram', state: 'Haryana' });
    expect((await places('q=Bangalore')).body.data[0]).toMatchObject({ name: 'Bengaluru' });
    expect((await places('q=bombay')).body.data[0]).toMatchObject({ name: 'Mumbai' });
  });

  it('ranks the exact name first, then names that start with it, bigger places first', async () => {
    const res = await places('q=pune');
    expect(res.body.data[0]).toMatchObject({ name: 'Pune', kind: 'city' });
    const rest = res.body.data.slice(1) as { name: string }[];
    expect(rest.every((p) => p.name.toLowerCase().startsWith('pune') || / pune/i.test(p.name))).toBe(true);
    // A prefix: the biggest place that starts with it comes first.
    expect(names((await places('q=hyder')).body.data)[0]).toBe('Hyderabad, Hyderabad');
  });

  it('answers nothing for an empty or unknown query', async () => {
    expect((await places('q=')).body.data).toEqual([]);
    expect((await places('')).body.data).toEqual([]);
    expect((await places('q=zzqxw')).body.data).toEqual([]);
  });

  it('answers the nearest place to a position ("near me")', async () => {
    const res = await places('lat=12.97&lng=77.75');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([expect.objectContaining({ name: 'Whitefield', area: 'Bengaluru' })]);
  });

  it.each([
    ['lat=12.97', 'lng'],
    ['lat=95&lng=77', 'lat'],
    ['lat=abc&lng=77', 'lat'],
    ['lat=12&lng=1e2', 'lng'],
  ])('refuses a position that is not one (%s)', async (query, field) => {
    const res = await places(query);
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ [field]: MSG.coordinatesInvalid });
  });

  it('refuses an over-long query with the usual length text', async () => {
    const res = await places(`q=${'a'.repeat(101)}`);
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual({ q: MSG.tooLong(100) });
  });
});
