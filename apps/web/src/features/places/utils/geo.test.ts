import { describe, expect, it } from 'vitest';
import { formatDistance, greatCircleKm, routeKm, suggestedPrice } from './geo';

const bengaluru = { lat: 12.9716, lng: 77.5946 };
const mandya = { lat: 12.5218, lng: 76.8951 };
const mysuru = { lat: 12.2958, lng: 76.6394 };

describe('route distance and suggested price', () => {
  it('measures Bengaluru to Mysuru along the great circle', () => {
    expect(Math.round(greatCircleKm(bengaluru, mysuru))).toBe(128);
  });

  it('adds the legs through the stops, and knows nothing without every point', () => {
    const km = routeKm([bengaluru, mandya, mysuru])!;
    expect(km).toBeCloseTo(greatCircleKm(bengaluru, mandya) + greatCircleKm(mandya, mysuru), 6);
    expect(routeKm([bengaluru, null, mysuru])).toBeNull();
    expect(routeKm([bengaluru])).toBeNull();
  });

  it('suggests ₹3 a km, rounded, never below ₹1', () => {
    expect(suggestedPrice(127.4)).toBe(382);
    expect(suggestedPrice(0.1)).toBe(1);
  });

  it('writes distances for people', () => {
    expect(formatDistance(1.234)).toBe('1.2 km');
    expect(formatDistance(0.853)).toBe('850 m');
    expect(formatDistance(35.4)).toBe('35 km');
  });
});
