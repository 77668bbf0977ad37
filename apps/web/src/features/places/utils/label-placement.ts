import type { Projected } from './projection';

export interface LabelSpot {
  x: number;
  y: number;
  anchor: 'start' | 'end';
}

interface Box {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** The picture's labels are 11 px text: about 6.2 px a character, 9 px above the baseline and 3 below. */
const CHAR = 6.2;
const POINT = 6;

/** The box a label's text covers, by the picture's own measure. */
export function labelBox(spot: LabelSpot, text: string): Box {
  const w = text.length * CHAR;
  const x1 = spot.anchor === 'start' ? spot.x : spot.x - w;
  return { x1, y1: spot.y - 9, x2: x1 + w, y2: spot.y + 3 };
}

const overlaps = (a: Box, b: Box) => a.x1 < b.x2 && b.x1 < a.x2 && a.y1 < b.y2 && b.y1 < a.y2;
const around = (p: Projected): Box => ({
  x1: p.x - POINT,
  y1: p.y - POINT,
  x2: p.x + POINT,
  y2: p.y + POINT,
});

/**
 * Where each point's name goes: beside the point, on the side towards the middle of the picture, above
 * it, or where that would cover a name already placed or another point (two stops close together,
 * Maddur and Mandya on the way to Mysuru), below it or on the other side, whichever is free first.
 */
export function placeLabels(
  points: readonly Projected[],
  texts: readonly string[],
  width: number,
): LabelSpot[] {
  const taken: Box[] = [];
  return points.map((p, i) => {
    const text = texts[i] ?? '';
    const inward: LabelSpot['anchor'] = p.x > width / 2 ? 'end' : 'start';
    const outward: LabelSpot['anchor'] = inward === 'start' ? 'end' : 'start';
    const dx = (a: LabelSpot['anchor']) => (a === 'start' ? 8 : -8);
    const spots: LabelSpot[] = [
      { x: p.x + dx(inward), y: p.y - 7, anchor: inward },
      { x: p.x + dx(inward), y: p.y + 15, anchor: inward },
      { x: p.x + dx(outward), y: p.y - 7, anchor: outward },
      { x: p.x + dx(outward), y: p.y + 15, anchor: outward },
    ];
    const others = points.filter((_, j) => j !== i).map(around);
    const free = (s: LabelSpot) => {
      const box = labelBox(s, text);
      return box.x1 >= 0 && box.x2 <= width && ![...taken, ...others].some((b) => overlaps(b, box));
    };
    const spot = spots.find(free) ?? spots[0]!;
    taken.push(labelBox(spot, text));
    return spot;
  });
}
