import { readFileSync } from 'node:fs';
import { locatePlace } from '../../apps/server/dist/features/places/locate-place.js';
import { normalizePlace } from '../../apps/server/dist/features/places/place-names.js';
import { planRoute, segmentPrice } from '../../apps/server/dist/features/marketplace/route-plan.js';
import type { Random } from '../lib/random.ts';
import type { City } from './cities.ts';

/**
 * Stops for generated rides (issue 19): towns and cities of the gazetteer that lie on the way between
 * a ride's two ends, in travel order, with the server's own route plan (times at 40 km/h over the great
 * circle, kilometres from the start), so generated rides look like offered ones.
 */

/** A town worth stopping at: 50,000 people or more (the gazetteer's rank). */
const MIN_RANK = 50_000;
/** How far off the straight line a stop may lie, and how close to either end it may not. */
const OFF_LINE_KM = 15;
const END_SHARE = 0.08;

export interface StopCandidate {
  name: string;
  norm: string;
  lat: number;
  lng: number;
  /** Share of the way from the start (0 to 1). */
  t: number;
}

interface Town {
  name: string;
  norm: string;
  lat: number;
  lng: number;
}

let towns: Town[] | undefined;

function loadTowns(): Town[] {
  const file = new URL('../../apps/server/gazetteer/india.json', import.meta.url);
  const data = JSON.parse(readFileSync(file, 'utf8')) as {
    places: [string, string, number, number, number, number, string, number][];
  };
  return data.places
    .filter((p) => p[6] !== 'l' && p[7] >= MIN_RANK)
    .map(([, name, , , lat, lng]) => ({ name, norm: normalizePlace(name), lat, lng }));
}

/** The towns near the straight line between two cities, in travel order. */
export function candidatesBetween(a: City, b: City): StopCandidate[] {
  towns ??= loadTowns();
  const cos = Math.cos((((a.lat + b.lat) / 2) * Math.PI) / 180);
  const bx = (b.lon - a.lon) * cos;
  const by = b.lat - a.lat;
  const length2 = bx * bx + by * by;
  if (length2 === 0) return [];
  const ends = new Set([normalizePlace(a.name), normalizePlace(b.name)]);
  const found: StopCandidate[] = [];
  for (const town of towns) {
    const px = (town.lng - a.lon) * cos;
    const py = town.lat - a.lat;
    const t = (px * bx + py * by) / length2;
    if (t < END_SHARE || t > 1 - END_SHARE || ends.has(town.norm)) continue;
    const offKm = Math.hypot(px - t * bx, py - t * by) * 111.2;
    const lengthKm = Math.sqrt(length2) * 111.2;
    const nearEnd = Math.min(t, 1 - t) * lengthKm < OFF_LINE_KM;
    if (offKm <= OFF_LINE_KM && !nearEnd) found.push({ ...town, t });
  }
  found.sort((x, y) => x.t - y.t);
  // One place a name: neighbours must differ, and a name is one place row.
  const seen = new Set<string>();
  return found.filter((c) => !seen.has(c.norm) && seen.add(c.norm));
}

/** One to four stops among the candidates, in travel order. */
export function pickStops(rnd: Random, candidates: readonly StopCandidate[]): StopCandidate[] {
  const count = Math.min(candidates.length, rnd.int(1, 4));
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(rnd.int(0, candidates.length - 1));
  return [...chosen].sort((x, y) => x - y).map((i) => candidates[i]!);
}

const located = new Map<string, { lat: number; lng: number } | undefined>();

/** Coordinates of a ride's end as the server finds them (locatePlace), kept per name. */
function endAt(name: string) {
  if (!located.has(name)) located.set(name, locatePlace(name));
  return located.get(name);
}

export interface PlannedPoint {
  idx: number;
  place: string;
  placeId: string;
  lat: number | null;
  lng: number | null;
  date: string;
  time: string;
  at: number;
  estimated: boolean;
  kmFromStart: number | null;
}

/** The ride's points: its ends and stops, planned as the server plans an offer without typed times. */
export function planPoints(
  date: string,
  time: string,
  ends: { from: { name: string; id: string }; to: { name: string; id: string } },
  stops: readonly (StopCandidate & { id: string })[],
): { points: PlannedPoint[]; distanceKm: number | null } {
  const end = (p: { name: string; id: string }) => {
    const at = endAt(p.name);
    return { place: p.name, placeId: p.id, time: null, lat: at?.lat ?? null, lng: at?.lng ?? null };
  };
  const inputs = [
    end(ends.from),
    ...stops.map((s) => ({ place: s.name, placeId: s.id, time: null, lat: s.lat, lng: s.lng })),
    end(ends.to),
  ];
  const plan = planRoute(date, time, inputs);
  if (!plan.ok) throw new Error(`route ${ends.from.name}-${ends.to.name}: ${plan.message}`);
  return { points: plan.points as PlannedPoint[], distanceKm: plan.distanceKm };
}

/** A segment's price per seat, as the server charges it. */
export function priceOf(
  price: number,
  distanceKm: number | null,
  from: PlannedPoint,
  to: PlannedPoint,
): number {
  return segmentPrice(price, distanceKm, from.kmFromStart, to.kmFromStart);
}
