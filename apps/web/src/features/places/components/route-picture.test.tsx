import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { labelBox, type LabelSpot } from '../utils/label-placement';
import { RoutePicture } from './route-picture';

const point = (index: number, place: string, lat: number, lng: number) => ({
  ...{ index, place, lat, lng },
  time: '',
});

/** Each drawn name's box, as the picture measures its text. */
function nameBoxes(svg: SVGElement) {
  return [...svg.querySelectorAll('text')].map((t) => {
    const spot: LabelSpot = {
      x: Number(t.getAttribute('x')),
      y: Number(t.getAttribute('y')),
      anchor: t.getAttribute('text-anchor') as LabelSpot['anchor'],
    };
    return { name: t.textContent ?? '', box: labelBox(spot, t.textContent ?? '') };
  });
}

describe('RoutePicture', () => {
  it('writes the names of two stops close together apart, neither over the other nor over its point', () => {
    // Maddur and Mandya are 17 km apart on a 128 km route: drawn a few pixels apart.
    const stops = [
      point(0, 'Bengaluru', 12.9716, 77.5946),
      point(1, 'Maddur', 12.5847, 77.0436),
      point(2, 'Mandya', 12.5218, 76.8951),
      point(3, 'Mysuru', 12.2958, 76.6394),
    ];
    const { container } = render(<RoutePicture stops={stops} />);
    const svg = container.querySelector('svg')!;
    const names = nameBoxes(svg);
    const dots = [...svg.querySelectorAll('circle')].map((c) => ({
      x: Number(c.getAttribute('cx')),
      y: Number(c.getAttribute('cy')),
    }));
    const clashes: string[] = [];
    names.forEach((a, i) => {
      names.slice(i + 1).forEach((b) => {
        const apart =
          a.box.x2 <= b.box.x1 || b.box.x2 <= a.box.x1 || a.box.y2 <= b.box.y1 || b.box.y2 <= a.box.y1;
        if (!apart) clashes.push(`${a.name} over ${b.name}`);
      });
      dots.forEach((d, j) => {
        const inside = d.x >= a.box.x1 && d.x <= a.box.x2 && d.y >= a.box.y1 && d.y <= a.box.y2;
        if (inside && j !== i) clashes.push(`${a.name} over ${stops[j]!.place}'s point`);
      });
    });
    expect(clashes).toEqual([]);
    expect(names.map((n) => n.name)).toEqual(['Bengaluru', 'Maddur', 'Mandya', 'Mysuru']);
  });
});
