import { describe, expect, it } from 'vitest';
import { cellsNear, routeCells } from '../marketplace/route-cells.js';
import { matchRoute, segmentPrice, type MatchPoint, type SearchedPlace } from './route-match.js';

const BENGALURU = { lat: 12.9716, lng: 77.5946 };
const MANDYA = { lat: 12.5218, lng: 76.8951 };
const MYSURU = { lat: 12.2958, lng: 76.6394 };
const H = 3_600_000;

const point = (
  name: string,
  at: { lat: number; lng: number } | null,
  hours: number,
  km: number | null,
  seats: number | null,
): MatchPoint => ({
  placeId: name,
  placeName: name,
  lat: at?.lat ?? null,
  lng: at?.lng ?? null,
  at: hours * H,
  kmFromStart: km,
  seatsToNext: seats,
});
const place = (name: string, at?: { lat: number; lng: number }): SearchedPlace => ({
  name,
  spots: at ? [at] : [],
  placeIds: new Set([name]),
});

describe('the grid and the exact match of a route', () => {
  const route = [point('Bengaluru', BENGALURU, 10, 0, 3), point('Mysuru', MYSURU, 13, 126, null)];

  it('lists a cell near Mandya among the cells the Bengaluru to Mysuru line crosses', () => {
    const crossed = new Set(routeCells(route).map((c) => c.cell));
    expect(cellsNear(MANDYA.lat, MANDYA.lng, 10).some((c) => crossed.has(c))).toBe(true);
  });

  it('boards on the line nearest Mandya, with the time interpolated and the leg counted whole', () => {
    const m = matchRoute(route, {
      from: place('Mandya', MANDYA),
      to: place('Mysuru', MYSURU),
      radiusKm: 10,
      passengers: 3,
      nowMs: 0,
    })!;
    expect(m.fromStop).toBe(0);
    expect(m.toStop).toBe(1);
    expect(m.board.placeName).toBe('Mandya');
    expect(m.board.distanceKm).toBeGreaterThan(0);
    expect(m.board.distanceKm).toBeLessThan(10);
    expect(m.board.at).toBeGreaterThan(10 * H);
    expect(m.board.at).toBeLessThan(13 * H);
    expect(m.leave).toMatchObject({ placeName: 'Mysuru', distanceKm: 0, at: 13 * H });
    expect(m.availableSeats).toBe(3);
    expect(segmentPrice(300, m.segmentKm, 126)).toBeLessThan(300);
  });

  it('finds nothing backwards, too far, too full or already passed', () => {
    const base = {
      from: place('Mandya', MANDYA),
      to: place('Mysuru', MYSURU),
      radiusKm: 10,
      passengers: 1,
      nowMs: 0,
    };
    expect(
      matchRoute(route, { ...base, from: place('Mysuru', MYSURU), to: place('Mandya', MANDYA) }),
    ).toBeUndefined();
    expect(matchRoute(route, { ...base, radiusKm: 1 })).toBeUndefined();
    expect(matchRoute(route, { ...base, passengers: 4 })).toBeUndefined();
    expect(matchRoute(route, { ...base, nowMs: 12.9 * H })).toBeUndefined();
  });

  it('matches points without coordinates by name only', () => {
    const farm = [point('Bengaluru', BENGALURU, 10, null, 2), point('Green Farm', null, 12, null, null)];
    const m = matchRoute(farm, {
      from: place('Bengaluru', BENGALURU),
      to: place('Green Farm'),
      radiusKm: 10,
      passengers: 1,
      nowMs: 0,
    });
    expect(m).toMatchObject({ fromStop: 0, toStop: 1, segmentKm: null });
    expect(segmentPrice(300, null, null)).toBe(300);
  });
});
