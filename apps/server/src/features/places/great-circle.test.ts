import { describe, expect, it } from 'vitest';
import { distanceKm } from './great-circle.js';

describe('distanceKm', () => {
  it('measures along the great circle of a sphere of the mean Earth radius', () => {
    expect(distanceKm(0, 0, 1, 0)).toBeCloseTo(111.195, 3);
    expect(distanceKm(0, 0, 90, 0)).toBeCloseTo(10_007.557, 2);
    expect(distanceKm(12.97, 77.59, 12.97, 77.59)).toBe(0);
  });
  it('is the same both ways and shrinks east-west with the latitude', () => {
    expect(distanceKm(12.9719, 77.5937, 12.2979, 76.6393)).toBeCloseTo(
      distanceKm(12.2979, 76.6393, 12.9719, 77.5937),
      9,
    );
    expect(distanceKm(60, 0, 60, 1)).toBeCloseTo(distanceKm(0, 0, 0, 1) / 2, 1);
  });
});
