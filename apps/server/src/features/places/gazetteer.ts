/**
 * The gazetteer: Indian cities, towns and metro localities with coordinates, read once from the file
 * scripts/build-gazetteer.ts generates (gazetteer/india.json; sources and licences in
 * docs/decisions/013-gazetteer.md). Autocomplete and nearest-place lookups run in memory.
 */
import { readFileSync } from 'node:fs';
import { distanceKm } from './great-circle.js';
import { PLACE_ALIASES, aliasesOf, normalizePlace, placeTerms, queryTerm } from './place-names.js';

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
  /** Every place, in the order of their normalised names. */
  all(): readonly GazetteerPlace[];
  /** Autocomplete: exact names, then names that start with q, then names with a later word that does; bigger first. */
  suggest(q: string, limit?: number): GazetteerPlace[];
  nearest(lat: number, lng: number): GazetteerPlace & { distanceKm: number };
  /** The other known names (old, new, colloquial) of a name, normalised. */
  aliases(name: string): readonly string[];
}

const KINDS: Readonly<Record<string, PlaceKind>> = { c: 'city', l: 'locality', t: 'town' };
const EXACT = 0;
const NAME_PREFIX = 1;
const WORD_PREFIX = 2;
const UNSEEN = 255;

export const GAZETTEER_FILE = new URL('../../../gazetteer/india.json', import.meta.url);

/** The file's layout: see its "columns" and "meaning". */
interface GazetteerFile {
  states: string[];
  places: [
    id: string,
    name: string,
    area: number,
    state: number,
    lat: number,
    lng: number,
    kind: string,
    rank: number,
  ][];
}

/** Reads the gazetteer file, whose places come in the order of their normalised names. */
export function loadGazetteer(file: URL | string = GAZETTEER_FILE): Gazetteer {
  const data = JSON.parse(readFileSync(file, 'utf8')) as GazetteerFile;
  const rows = data.places;
  const places: GazetteerPlace[] = rows.map(([id, name, area, state, lat, lng, kind]) => ({
    id,
    name,
    area: area === -1 ? name : rows[area]![1],
    state: data.states[state]!,
    lat,
    lng,
    kind: KINDS[kind]!,
  }));
  const ranks = Float64Array.from(rows, (r) => r[7]);
  const names = places.map((p) => plainNorm(p.name));
  for (let i = 1; i < names.length; i += 1) {
    if (names[i - 1]! > names[i]!) throw new Error(`gazetteer not in name order at ${places[i]!.id}`);
  }
  const others = otherTerms(names);
  const lats = Float64Array.from(places, (p) => p.lat);
  const lngs = Float64Array.from(places, (p) => p.lng);
  const bestTier = new Uint8Array(places.length).fill(UNSEEN);

  function suggest(q: string, limit = 10): GazetteerPlace[] {
    const term = queryTerm(q);
    if (!term || limit < 1) return [];
    // Each place once, with the best way it matched; then the best `limit` by tier, then rank.
    const seen: number[] = [];
    const match = (place: number, tier: number) => {
      if (bestTier[place] === UNSEEN) seen.push(place);
      if (tier < bestTier[place]!) bestTier[place] = tier;
    };
    for (let i = lowerBound(names, term); i < names.length && names[i]!.startsWith(term); i += 1) {
      match(i, names[i] === term ? EXACT : NAME_PREFIX);
    }
    for (let i = lowerBound(others.terms, term); i < others.terms.length; i += 1) {
      const candidate = others.terms[i]!;
      if (!candidate.startsWith(term)) break;
      match(others.places[i]!, others.full[i] ? (candidate === term ? EXACT : NAME_PREFIX) : WORD_PREFIX);
    }
    const better = (a: number, b: number) => bestTier[a]! - bestTier[b]! || ranks[b]! - ranks[a]! || a - b;
    const top = smallest(seen, limit, better);
    for (const place of seen) bestTier[place] = UNSEEN;
    return top.map((i) => places[i]!);
  }

  function nearest(lat: number, lng: number): GazetteerPlace & { distanceKm: number } {
    // Equirectangular distance orders places the same as the great circle at these scales, and cheaply.
    const scale = Math.cos((lat * Math.PI) / 180) ** 2;
    let best = 0;
    let bestD = Infinity;
    for (let i = 0; i < places.length; i += 1) {
      const dLat = lats[i]! - lat;
      const dLng = lngs[i]! - lng;
      const d = dLat * dLat + dLng * dLng * scale;
      if (d < bestD) [best, bestD] = [i, d];
    }
    const place = places[best]!;
    return { ...place, distanceKm: distanceKm(lat, lng, place.lat, place.lng) };
  }

  return {
    size: places.length,
    all: () => places,
    suggest,
    nearest,
    aliases: (name) => aliasesOf(normalizePlace(name)),
  };
}

/**
 * The search keys other than the names themselves, sorted: each later word-suffix of a name ("sector 62"
 * of "noida sector 62"), each other name of the place with its word-suffixes, and the other names of a
 * phrase inside a name (placeTerms). `full` marks a whole other name: a match on it is a name match.
 */
function otherTerms(names: readonly string[]) {
  const terms: string[] = [];
  const owners: number[] = [];
  const full: boolean[] = [];
  const add = (term: string, place: number, isFull: boolean) => {
    terms.push(term);
    owners.push(place);
    full.push(isFull);
  };
  const addSuffixes = (name: string, place: number) => {
    for (let at = name.indexOf(' '); at >= 0; at = name.indexOf(' ', at + 1))
      add(name.slice(at + 1), place, false);
  };
  names.forEach((norm, place) => {
    addSuffixes(norm, place);
    const aliases = aliasesOf(norm);
    for (const alias of aliases) {
      add(alias, place, true);
      addSuffixes(alias, place);
    }
    // A one-word name has no phrase inside it other than itself.
    if (!norm.includes(' ') || !norm.split(' ').some((w) => ALIAS_FIRST_WORDS.has(w))) return;
    for (const term of placeTerms(norm)) {
      if (term !== norm && !aliases.includes(term)) add(term, place, false);
    }
  });
  const order = Int32Array.from(terms, (_, i) => i).sort((a, b) =>
    terms[a]! < terms[b]! ? -1 : terms[a]! > terms[b]! ? 1 : a - b,
  );
  return {
    terms: Array.from(order, (i) => terms[i]!),
    places: Int32Array.from(order, (i) => owners[i]!),
    full: Uint8Array.from(order, (i) => (full[i] ? 1 : 0)),
  };
}

/** Only a name with a word that starts a known name can hold another name inside (New Bombay). */
const ALIAS_FIRST_WORDS: ReadonlySet<string> = new Set(
  PLACE_ALIASES.flat().map((name) => name.split(' ')[0]!),
);

/** normalizePlace, without its regular expressions for the plain names most places have. */
function plainNorm(name: string): string {
  const lower = name.toLowerCase();
  return /^[a-z0-9]+(?: [a-z0-9]+)*$/.test(lower) ? lower : normalizePlace(name);
}

function lowerBound(sorted: readonly string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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
