/**
 * How the gazetteer's builder writes the sources' names (build-gazetteer.ts): display spelling, a post
 * office's own place name, the shorter name commuters give it, and a name's consonants for spotting
 * India Post's misspellings of a nearby place.
 */
import { normalizePlace } from '../src/features/places/place-names.ts';

/** Accents off, spaces collapsed, and India Post's capitals turned into title case. */
export function display(raw: string): string {
  const plain = raw.normalize('NFKD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim();
  if (plain !== plain.toUpperCase()) return plain;
  return plain
    .toLowerCase()
    .replace(/(^|[\s(-])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase());
}

/**
 * "Koramangala VI Bk S.O", "Agali S.O (Ananthapur)", "Bangalore G.P.O." -> the place's own name; a
 * delivery office's "Dely" goes and a bracketed side becomes a word ("Bandra(East)" -> "Bandra East").
 */
export function officeName(office: string): string {
  const own = office.replace(/\s*\b(?:S\.?O|H\.?O|G\.?P\.?O|GPO)\b\.?\s*(?:\(.*\))?\s*$/i, '');
  return display(own.replace(/\s+Dely$/i, '').replace(/\s*\((East|West|North|South)\)/i, ' $1'));
}

/**
 * The shorter name commuters give an office's place, or undefined: without the section ("Dwarka Sec-6",
 * "Janakpuri B-1", "Mangolpuri N Block"), the industrial estate ("Okhla Industrial Estate", "Bhosari
 * I.E.") or the side of the railway ("Bandra West", "Malad East").
 */
export function commuterName(name: string): string | undefined {
  const short = name
    .replace(/\s+(?:Sec(?:tor)?[- ]?\d+[A-Z]?|[A-Z]-\d+|[A-Z] Block|Industrial Estate|I\.?E\.?)$/i, '')
    .replace(/\s+(?:East|West|North|South)$/i, '');
  return short !== name && normalizePlace(short) ? short : undefined;
}

/** A name's consonants: India Post's "Hadpsar" and "Vileeparle" are Hadapsar and Vile Parle. */
export function consonants(name: string): string {
  return normalizePlace(name).replace(/[aeiou ]/g, '');
}
