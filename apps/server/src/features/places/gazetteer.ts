/**
 * The gazetteer: Indian cities, towns and metro localities with coordinates, read once from the file
 * scripts/build-gazetteer.ts generates (gazetteer/india.tsv; sources and licences in
 * docs/decisions/011-gazetteer.md). Autocomplete and nearest-place lookups run in memory.
 */
import { readFileSync } from 'node:fs';
import { distanceKm } from './great-circle.js';
import { aliasesOf, normalizePlace, placeTerms, queryTerm } from './place-names.js';

export type PlaceKind = 'city' | 'locality' | 'town';

export interface GazetteerPlace {
  id: string;
  name: string;
  /** The city a locality belongs to; a city or town's own name. */
  area: string;
  state: string;
  lat: number;
  lng: number;
  kind: PlaceKind;
}

export interface Gazetteer {
  readonly size: number;
  /** Every place, biggest first. */
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

export const GAZETTEER_FILE = new URL('../../../gazetteer/india.tsv', import.meta.url);

/** Reads the gazetteer file. The file lists places biggest first, so a place's index is its rank. */
export function loadGazetteer(file: URL | string = GAZETTEER_FILE): Gazetteer {
  const places: GazetteerPlace[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [id, name, area, state, lat, lng, kind] = line.split('\t');
    places.push({
      id: id!,
      name: name!,
      area: area!,
      state: state!,
      lat: +lat!,
      lng: +lng!,
      kind: KINDS[kind!]!,
    });
  }
  const index = buildTermIndex(places);
  const lats = Float64Array.from(places, (p) => p.lat);
  const lngs = Float64Array.from(places, (p) => p.lng);
  const bestTier = new Uint8Array(places.length).fill(UNSEEN);

  function suggest(q: string, limit = 10): GazetteerPlace[] {
    const term = queryTerm(q);
    if (!term || limit < 1) return [];
    // Each place once, with the best way it matched; then the best `limit` by (tier, rank).
    const seen: number[] = [];
    for (let i = lowerBound(index.terms, term); i < index.terms.length; i += 1) {
      const candidate = index.terms[i]!;
      if (!candidate.startsWith(term)) break;
      const place = index.places[i]!;
      const tier = index.full[i] ? (candidate === term ? EXACT : NAME_PREFIX) : WORD_PREFIX;
      if (bestTier[place] === UNSEEN) seen.push(place);
      if (tier < bestTier[place]!) bestTier[place] = tier;
    }
    const keys = seen.map((place) => bestTier[place]! * places.length + place);
    for (const place of seen) bestTier[place] = UNSEEN;
    return smallest(keys, limit).map((key) => places[key % places.length]!);
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
 * Every search key of every place, sorted: each word-suffix of the name ("noida sector 62", "sector 62",
 * "62") and the place's other names with theirs (placeTerms). `full` marks keys that are the whole name or
 * a whole other name, so a match on them is exact or a name prefix rather than a word prefix.
 */
function buildTermIndex(places: readonly GazetteerPlace[]) {
  const entries: { term: string; place: number; full: boolean }[] = [];
  places.forEach((p, place) => {
    const norm = normalizePlace(p.name);
    const fullNames = new Set([norm, ...aliasesOf(norm)]);
    const keys = new Set(placeTerms(p.name));
    for (const full of fullNames) {
      const words = full.split(' ');
      for (let w = 0; w < words.length; w += 1) keys.add(words.slice(w).join(' '));
    }
    for (const term of keys) entries.push({ term, place, full: fullNames.has(term) });
  });
  entries.sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : a.place - b.place));
  return {
    terms: entries.map((e) => e.term),
    places: Int32Array.from(entries, (e) => e.place),
    full: Uint8Array.from(entries, (e) => (e.full ? 1 : 0)),
  };
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

/** The `limit` smallest numbers in ascending order, without sorting all of them. */
function smallest(keys: readonly number[], limit: number): number[] {
  const top: number[] = [];
  for (const key of keys) {
    if (top.length === limit && key >= top[limit - 1]!) continue;
    let at = top.length === limit ? limit - 1 : top.length;
    while (at > 0 && top[at - 1]! > key) {
      top[at] = top[at - 1]!;
      at -= 1;
    }
    top[at] = key;
  }
  return top;
}

let shared: Gazetteer | undefined;

/** The process's gazetteer, read on first use. */
export function gazetteer(): Gazetteer {
  shared ??= loadGazetteer();
  return shared;
}
