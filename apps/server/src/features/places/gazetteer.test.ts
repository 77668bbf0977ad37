import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gazetteer, loadGazetteer } from './gazetteer.js';
import { distanceKm } from './great-circle.js';
import { INDIAN_CITIES } from './indian-cities.js';
import { locatePlace } from './locate-place.js';
import { METRO_LOCALITIES } from '../../test/metro-localities.js';

const places = gazetteer();
const first = (q: string) => places.suggest(q, 1)[0];
const names = (q: string, limit?: number) => places.suggest(q, limit).map((p) => p.name);

describe('the gazetteer', () => {
  it('holds at least 10,000 Indian places, each inside India with a name, area, state and kind', () => {
    expect(places.size).toBeGreaterThanOrEqual(10_000);
    const all = places.all();
    expect(all).toHaveLength(places.size);
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    const outside = all.filter((p) => !(p.lat >= 6 && p.lat <= 37.6 && p.lng >= 68 && p.lng <= 97.5));
    expect(outside).toEqual([]);
    const incomplete = all.filter(
      (p) => !p.name || !p.area || !p.state || !['city', 'locality', 'town'].includes(p.kind),
    );
    expect(incomplete).toEqual([]);
  });

  it('gives every built-in city of the first wave its coordinates, under the same name and state', () => {
    const missing = INDIAN_CITIES.filter(
      ([name, state]) => !places.suggest(name, 20).some((p) => p.name === name && p.state === state),
    );
    expect(missing).toEqual([]);
  });

  it('finds a locality with its city and state', () => {
    expect(first('Whitefield')).toEqual({
      id: 'p560066',
      name: 'Whitefield',
      area: 'Bengaluru',
      state: 'Karnataka',
      lat: 12.9698,
      lng: 77.75,
      kind: 'locality',
    });
  });

  it('knows the localities commuters name in the big metros, each in its city', () => {
    const found = [
      'Whitefield',
      'Koramangala',
      'Electronic City',
      'Hinjewadi',
      'Kharadi',
      'Andheri',
      'Powai',
      'Gachibowli',
      'HITEC City',
      'Salt Lake',
      'Noida Sector 62',
      'Cyber City',
    ].map((q) => {
      const p = first(q);
      return `${p?.name}, ${p?.area} (${p?.kind})`;
    });
    expect(found).toEqual([
      'Whitefield, Bengaluru (locality)',
      'Koramangala, Bengaluru (locality)',
      'Electronic City, Bengaluru (locality)',
      'Hinjewadi, Pune (locality)',
      'Kharadi, Pune (locality)',
      'Andheri, Mumbai (locality)',
      'Powai, Mumbai (locality)',
      'Gachibowli, Hyderabad (locality)',
      'HITEC City, Hyderabad (locality)',
      'Salt Lake, Kolkata (locality)',
      'Noida Sector 62, Noida (locality)',
      'Cyber City, Gurugram (locality)',
    ]);
  });

  it('puts a locality in the city it lies in rather than the one its district is named after', () => {
    expect(first('Vashi')).toMatchObject({ name: 'Vashi', area: 'Navi Mumbai', kind: 'locality' });
  });

  it('knows more of the names commuters use, from the hand-kept list', () => {
    const found = ['Baner', 'Viman Nagar', 'Kondapur', 'Saket', 'Connaught Place', 'Velachery'].map((q) => {
      const p = first(q);
      return `${p?.name}, ${p?.area}`;
    });
    expect(found).toEqual([
      'Baner, Pune',
      'Viman Nagar, Pune',
      'Kondapur, Hyderabad',
      'Saket, Delhi',
      'Connaught Place, New Delhi',
      'Velachery, Chennai',
    ]);
  });

  it("finds a commuter's name for a metro locality in its city, where the sources had none or another", () => {
    const found = METRO_LOCALITIES.map(([q]) => {
      const p = first(q);
      return `${p?.name}, ${p?.area}, ${p?.state} (${p?.kind})`;
    });
    expect(found).toEqual(METRO_LOCALITIES.map(([q, area, state]) => `${q}, ${area}, ${state} (locality)`));
  });

  it('places each of those localities within 35 km of its city', () => {
    const city = (name: string) =>
      places.suggest(name, 20).find((p) => p.kind === 'city' && p.name === name)!;
    const far = METRO_LOCALITIES.filter(([q, area]) => {
      const [p, c] = [first(q)!, city(area)];
      return distanceKm(p.lat, p.lng, c.lat, c.lng) > 35;
    });
    expect(far).toEqual([]);
  });

  it("ranks Delhi's Dwarka before Gujarat's and puts Udyog Vihar in Gurugram, not Sri Ganganagar", () => {
    expect(places.suggest('Dwarka', 2).map((p) => `${p.name}, ${p.area}, ${p.state}`)).toEqual([
      'Dwarka, Delhi, Delhi',
      'Dwarka, Dwarka, Gujarat',
    ]);
    expect(first('Udyog Vihar')).toMatchObject({ area: 'Gurugram', state: 'Haryana' });
    expect(locatePlace('Dwarka')).toEqual({ name: 'Dwarka', lat: 28.59, lng: 77.0444 });
    expect(locatePlace('Udyog Vihar')).toEqual({ name: 'Udyog Vihar', lat: 28.5079, lng: 77.0752 });
  });

  it("ranks the localities of a city at a metro's side as the metro's, before a small town of that name", () => {
    expect(places.suggest('Naraina', 2).map((p) => `${p.name}, ${p.area}, ${p.state}`)).toEqual([
      'Naraina, New Delhi, Delhi',
      'Naraina, Naraina, Rajasthan',
    ]);
  });

  it('knows Bandra Kurla Complex as BKC too, typed or searched', () => {
    expect(first('BKC')).toMatchObject({ name: 'Bandra Kurla Complex', area: 'Mumbai' });
    expect(locatePlace('bkc')).toEqual({ name: 'Bandra Kurla Complex', lat: 19.0596, lng: 72.8553 });
  });

  it("writes a post office's side as a word and drops its delivery mark", () => {
    expect(names('Bandra')).toEqual(['Bandra', 'Bandra East', 'Bandra Kurla Complex', 'Bandra West']);
    expect(first('Malad W')).toMatchObject({ name: 'Malad West', area: 'Mumbai' });
  });

  it("puts the offices of a metro's own district in the metro, though another city's centre lies nearer", () => {
    const areas = ['Borivali', 'Mulund West', 'Anna Nagar', 'Koyambedu', 'Hastings', 'Cossipore'].map((q) => {
      const p = first(q);
      return `${p?.name}, ${p?.area}`;
    });
    expect(areas).toEqual([
      'Borivali, Mumbai',
      'Mulund West, Mumbai',
      'Anna Nagar, Chennai',
      'Koyambedu, Chennai',
      'Hastings, Kolkata',
      'Cossipore, Kolkata',
    ]);
  });

  it('makes the census towns a metro has grown over localities of the metro', () => {
    const areas = ['Nangloi Jat', 'Najafgarh', 'Rohini', 'Serilingampalle', 'Dam Dam'].map((q) => {
      const p = first(q);
      return `${p?.name}, ${p?.area} (${p?.kind})`;
    });
    expect(areas).toEqual([
      'Nangloi Jat, Delhi (locality)',
      'Najafgarh, Delhi (locality)',
      'Rohini, Delhi (locality)',
      'Serilingampalle, Hyderabad (locality)',
      'Dam Dam, Kolkata (locality)',
    ]);
  });

  it("puts the places around a city a metro's corporation took in, and the towns a city beside it governs, in that city", () => {
    const areas = ['Porur', 'Alandur', 'St.Thomas Mount', 'Villivakkam', 'Ambattur', 'Airoli'].map((q) => {
      const p = first(q);
      return `${p?.name}, ${p?.area} (${p?.kind})`;
    });
    expect(areas).toEqual([
      'Porur, Chennai (locality)',
      'Alandur, Chennai (locality)',
      'St.Thomas Mount, Chennai (locality)',
      'Villivakkam, Chennai (locality)',
      'Ambattur, Ambattur (city)',
      'Airoli, Navi Mumbai (locality)',
    ]);
  });

  it('finds a city by its old name too', () => {
    expect(first('Bangalore')).toMatchObject({ name: 'Bengaluru', state: 'Karnataka', kind: 'city' });
    expect(first('Gurgaon')).toMatchObject({ name: 'Gurugram', state: 'Haryana', kind: 'city' });
    expect(first('bombay')).toMatchObject({ name: 'Mumbai', kind: 'city' });
    expect(first('Bangal')?.name).toBe('Bengaluru');
    expect(places.aliases('Gurgaon')).toEqual(['gurugram']);
    expect(places.aliases('Bengaluru')).toEqual(['bangalore']);
  });

  it('ranks an exact name first, then names that start with the query, then bigger places first', () => {
    expect(names('Bela', 4)).toEqual(['Bela', 'Bela', 'Bela', 'Belagavi']);
    expect(names('ko', 5)).toEqual(['Kolkata', 'Kota', 'Kochi', 'Kolhapur', 'Kozhikode']);
  });

  it('ranks names that start with the query before names with a later word that does', () => {
    const hits = places.suggest('lake', 50);
    const later = hits.findIndex((p) => !p.name.toLowerCase().startsWith('lake'));
    expect(hits.slice(later).every((p) => !p.name.toLowerCase().startsWith('lake'))).toBe(true);
    expect(hits.map((p) => p.name)).toContain('Salt Lake');
  });

  it('matches from any word of a name onwards', () => {
    expect(names('sector 62')).toContain('Noida Sector 62');
    expect(names('electronic c')).toEqual(['Electronic City']);
  });

  it('answers at most the limit, 10 by default, and nothing for an empty query', () => {
    expect(places.suggest('a')).toHaveLength(10);
    expect(places.suggest('a', 3)).toHaveLength(3);
    expect(places.suggest(' - ')).toEqual([]);
    expect(places.suggest('qqqxz')).toEqual([]);
  });

  it('answers a one- or two-letter prefix the same each time it is asked, at any limit', () => {
    const three = names('Ba', 3);
    const ten = names('ba', 10);
    expect(ten).toHaveLength(10);
    expect(ten.slice(0, 3)).toEqual(three);
    expect(names('BA', 3)).toEqual(three);
    expect(names('b', 10)).toEqual(names('b', 10));
    expect(names('b', 1)).toEqual(names('b', 10).slice(0, 1));
  });

  it('finds the nearest place anywhere, as a scan of every place would, the lowest row among equals', () => {
    const all = places.all();
    const scan = (lat: number, lng: number) => {
      const scale = Math.cos((lat * Math.PI) / 180) ** 2;
      let [best, bestD] = [0, Infinity];
      all.forEach((p, i) => {
        const d = (p.lat - lat) ** 2 + (p.lng - lng) ** 2 * scale;
        if (d < bestD) [best, bestD] = [i, d];
      });
      return all[best]!.id;
    };
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const points = Array.from({ length: 1000 }, () => [6 + random() * 32, 68 + random() * 30] as const);
    // Outside India, on its grid's edges, and exactly on places.
    points.push([51.5, -0.12], [-33.9, 151.2], [0, 0], [37.6, 97.5], [6, 68], [12.9698, 77.75]);
    const wrong = points.filter(([lat, lng]) => places.nearest(lat, lng).id !== scan(lat, lng));
    expect(wrong).toEqual([]);
  });

  it('finds the place nearest to a point, with its distance', () => {
    expect(places.nearest(12.9698, 77.75)).toMatchObject({ name: 'Whitefield', distanceKm: 0 });
    const nearSector62 = places.nearest(28.62, 77.362);
    expect(nearSector62.name).toBe('Noida Sector 62');
    expect(nearSector62.distanceKm).toBeLessThan(0.2);
  });
});

describe('loadGazetteer', () => {
  const file = (rows: unknown[]) => {
    const path = join(mkdtempSync(join(tmpdir(), 'gazetteer-')), 'places.json');
    writeFileSync(path, JSON.stringify({ states: ['Karnataka'], places: rows }));
    return path;
  };

  it('resolves each area to its city row and ranks by the rank column', () => {
    const small = loadGazetteer(
      file([
        ['g1', 'Bengaluru', -1, 0, 12.97, 77.59, 'c', 5_000_000],
        ['g2', 'Bidadi', -1, 0, 12.8, 77.39, 't', 20_000],
        ['p3', 'Bilekahalli', 0, 0, 12.89, 77.6, 'l', 50_000],
      ]),
    );
    expect(small.suggest('bi').map((p) => `${p.name}, ${p.area} (${p.kind})`)).toEqual([
      'Bilekahalli, Bengaluru (locality)',
      'Bidadi, Bidadi (town)',
    ]);
  });

  it('refuses a file whose places are not in the order of their names', () => {
    const unordered = file([
      ['g2', 'Mysuru', -1, 0, 12.3, 76.64, 'c', 900_000],
      ['g1', 'Mandya', -1, 0, 12.52, 76.9, 'c', 130_000],
    ]);
    expect(() => loadGazetteer(unordered)).toThrow('gazetteer not in name order at g1');
  });
});
