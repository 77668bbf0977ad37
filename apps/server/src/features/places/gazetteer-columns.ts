/**
 * The gazetteer file read into columns: one typed array or packed string per field, indexed by the
 * place's row (the order of normalised names). About 1.5 MB of heap for 20,000 places, where an object
 * a place with its strings and boxed coordinates held 7.2 MB (decision 019, "Memory").
 */
import { readFileSync } from 'node:fs';
import { PackedStrings } from './packed-strings.js';
import { PLACE_ALIASES, aliasesOf, normalizePlace, placeTerms } from './place-names.js';

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

export interface GazetteerColumns {
  ids: PackedStrings;
  names: PackedStrings;
  /** Normalised names, sorted: the names searched by prefix. */
  norms: PackedStrings;
  /** The row of the city a locality belongs to, -1 for the place itself. */
  areas: Int32Array;
  states: readonly string[];
  stateOf: Uint8Array;
  lats: Float64Array;
  lngs: Float64Array;
  /** 0 city, 1 locality, 2 town. */
  kinds: Uint8Array;
  ranks: Float64Array;
  others: OtherTerms;
}

/** Search keys other than the names, sorted, each with its place and whether it is a whole other name. */
export interface OtherTerms {
  terms: PackedStrings;
  places: Int32Array;
  full: Uint8Array;
}

const KIND_CODES: Readonly<Record<string, number>> = { c: 0, l: 1, t: 2 };

export function readGazetteer(file: URL | string): GazetteerColumns {
  const data = JSON.parse(readFileSync(file, 'utf8')) as GazetteerFile;
  const rows = data.places;
  const norms = rows.map((r) => plainNorm(r[1]));
  for (let i = 1; i < norms.length; i += 1) {
    if (norms[i - 1]! > norms[i]!) throw new Error(`gazetteer not in name order at ${rows[i]![0]}`);
  }
  return {
    ids: new PackedStrings(rows.map((r) => r[0])),
    names: new PackedStrings(rows.map((r) => r[1])),
    norms: new PackedStrings(norms),
    areas: Int32Array.from(rows, (r) => r[2]),
    states: data.states,
    stateOf: Uint8Array.from(rows, (r) => r[3]),
    lats: Float64Array.from(rows, (r) => r[4]),
    lngs: Float64Array.from(rows, (r) => r[5]),
    kinds: Uint8Array.from(rows, (r) => KIND_CODES[r[6]]!),
    ranks: Float64Array.from(rows, (r) => r[7]),
    others: otherTerms(norms),
  };
}

/**
 * The search keys other than the names themselves, sorted: each later word-suffix of a name ("sector 62"
 * of "noida sector 62"), each other name of the place with its word-suffixes, and the other names of a
 * phrase inside a name (placeTerms). `full` marks a whole other name: a match on it is a name match.
 */
function otherTerms(names: readonly string[]): OtherTerms {
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
    terms: new PackedStrings(Array.from(order, (i) => terms[i]!)),
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
