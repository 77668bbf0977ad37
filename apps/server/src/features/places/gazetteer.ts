/**
 * The gazetteer: Indian cities, towns and metro localities with coordinates, read once from the file
 * scripts/build-gazetteer.ts generates (gazetteer/india.json; sources and licences in
 * docs/decisions/013-gazetteer.md). Autocomplete and nearest-place lookups run in memory.
 *
 * Kept as columns (typed arrays and packed strings, gazetteer-columns.ts), not one object a place: a
 * place object is made only for the few places an answer returns (decision 019, "Memory").
 */
import { distanceKm } from './great-circle.js';
import { GAZETTEER_FILE, readGazetteer, type GazetteerColumns } from './gazetteer-columns.js';
import { nearestGrid } from './nearest-grid.js';
import { aliasesOf, normalizePlace, queryTerm } from './place-names.js';

export { GAZETTEER_FILE };
export type PlaceKind = 'city' | 'locality' | 'town';

interface GazetteerPlace {
  id: string;
  name: string;
  /** The city a locality belongs to; a city or town's own name. */
  area: string;
  state: string;
  lat: number;
  lng: number;
  kind: PlaceKind;
}

interface Gazetteer {
  readonly size: number;
  /** Every place, in the order of their normalised names (made on each call: for tests and tools). */
  all(): readonly GazetteerPlace[];
  /** Autocomplete: exact names, then names that start with q, then names with a later word that does; bigger first. */
  suggest(q: string, limit?: number): GazetteerPlace[];
  nearest(lat: number, lng: number): GazetteerPlace & { distanceKm: number };
  /** The other known names (old, new, colloquial) of a name, normalised. */
  aliases(name: string): readonly string[];
}

const KINDS: readonly PlaceKind[] = ['city', 'locality', 'town'];
const EXACT = 0;
const NAME_PREFIX = 1;
const WORD_PREFIX = 2;
const UNSEEN = 255;
/** Terms up to this long have their answers kept (see `short`). */
const SHORT_TERM = 2;

/** Reads the gazetteer file, whose places come in the order of their normalised names. */
export function loadGazetteer(file: URL | string = GAZETTEER_FILE): Gazetteer {
  const g = readGazetteer(file);
  const size = g.names.size;
  const bestTier = new Uint8Array(size).fill(UNSEEN);
  const place = (i: number): GazetteerPlace => placeAt(g, i);

  /** The rows of the best `limit` matches of a normalised term: by tier, then rank, then name order. */
  function ranked(term: string, limit: number): number[] {
    // Each place once, with the best way it matched.
    const seen: number[] = [];
    const match = (at: number, tier: number) => {
      if (bestTier[at] === UNSEEN) seen.push(at);
      if (tier < bestTier[at]!) bestTier[at] = tier;
    };
    const { norms, others } = g;
    for (let i = norms.lowerBound(term); i < size && norms.startsWith(i, term); i += 1) {
      match(i, norms.equals(i, term) ? EXACT : NAME_PREFIX);
    }
    const terms = others.terms;
    for (let i = terms.lowerBound(term); i < terms.size && terms.startsWith(i, term); i += 1) {
      const tier = others.full[i] ? (terms.equals(i, term) ? EXACT : NAME_PREFIX) : WORD_PREFIX;
      match(others.places[i]!, tier);
    }
    const ranks = g.ranks;
    const better = (a: number, b: number) => bestTier[a]! - bestTier[b]! || ranks[b]! - ranks[a]! || a - b;
    const top = smallest(seen, limit, better);
    for (const at of seen) bestTier[at] = UNSEEN;
    return top;
  }

  // The answers of one- and two-letter terms: each ranks hundreds to thousands of places (0.02 ms on
  // average, a third of an autocomplete request's CPU), and they are the first keystrokes of every search. Only
  // terms that match something are kept, so the data bounds them (499 terms, 160 KB of heap).
  const short = new Map<string, readonly number[]>();

  function suggest(q: string, limit = 10): GazetteerPlace[] {
    const term = queryTerm(q);
    if (!term || limit < 1) return [];
    if (term.length > SHORT_TERM) return ranked(term, limit).map(place);
    const key = `${limit} ${term}`;
    let rows = short.get(key);
    if (!rows) {
      rows = ranked(term, limit);
      if (rows.length > 0) short.set(key, rows);
    }
    return rows.map(place);
  }

  const grid = nearestGrid(g.lats, g.lngs);

  function nearest(lat: number, lng: number): GazetteerPlace & { distanceKm: number } {
    const found = place(grid.nearest(lat, lng));
    return { ...found, distanceKm: distanceKm(lat, lng, found.lat, found.lng) };
  }

  return {
    size,
    all: () => Array.from({ length: size }, (_, i) => place(i)),
    suggest,
    nearest,
    aliases: (name) => aliasesOf(normalizePlace(name)),
  };
}

function placeAt(g: GazetteerColumns, i: number): GazetteerPlace {
  const area = g.areas[i]!;
  return {
    id: g.ids.at(i),
    name: g.names.at(i),
    area: g.names.at(area === -1 ? i : area),
    state: g.states[g.stateOf[i]!]!,
    lat: g.lats[i]!,
    lng: g.lngs[i]!,
    kind: KINDS[g.kinds[i]!]!,
  };
}

/** The `limit` best items in order, without sorting all of them. */
function smallest(
  items: readonly number[],
  limit: number,
  compare: (a: number, b: number) => number,
): number[] {
  const top: number[] = [];
  for (const item of items) {
    if (top.length === limit && compare(item, top[limit - 1]!) >= 0) continue;
    let at = top.length === limit ? limit - 1 : top.length;
    while (at > 0 && compare(top[at - 1]!, item) > 0) {
      top[at] = top[at - 1]!;
      at -= 1;
    }
    top[at] = item;
  }
  return top;
}

let shared: Gazetteer | undefined;

/** The process's gazetteer, read on first use. */
export function gazetteer(): Gazetteer {
  shared ??= loadGazetteer();
  return shared;
}
