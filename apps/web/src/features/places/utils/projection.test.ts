import { describe, expect, it } from 'vitest';
import { project } from './projection';

describe('route picture projection', () => {
  it('keeps one scale for both axes, north up, centred in the box', () => {
    // 1 degree east and 1 degree north near the equator: about a square, so the wide box leaves room at the sides.
    const [a, b] = project(
      [
        { lat: 0, lng: 0 },
        { lat: 1, lng: 1 },
      ],
      300,
      100,
      10,
    );
    expect([a!.x.toFixed(2), a!.y]).toEqual(['110.00', 90]);
    expect([b!.x.toFixed(2), b!.y]).toEqual(['190.00', 10]);
  });

  it('shrinks longitude by the cosine of the latitude', () => {
    const [a, b] = project(
      [
        { lat: 60, lng: 0 },
        { lat: 60, lng: 2 },
      ],
      100,
      100,
      0,
    );
    // At 60° N two degrees of longitude are as long as one of latitude: the line spans the box.
    expect(b!.x - a!.x).toBeCloseTo(100, 6);
    expect(a!.y).toBe(50);
  });

  it('puts a single point in the middle', () => {
    expect(project([{ lat: 12, lng: 77 }], 200, 100, 10)).toEqual([{ x: 100, y: 50 }]);
  });
});
