import { gazetteer } from './gazetteer.js';
import { distanceKm } from './great-circle.js';
import { normalizePlace, samePlaceName } from './place-names.js';

/** A typed place's coordinates, when the gazetteer knows the name. */
export interface Located {
  lat: number;
  lng: number;
}

/** A located place with its name as the gazetteer writes it ("Whitefield, Bengaluru" when typed so). */
export interface LocatedPlace extends Located {
  name: string;
}

/**
 * The gazetteer place a typed name stands for: the biggest place of exactly that name (or one of its
 * old or new names: Bangalore is Bengaluru). "Whitefield, Bengaluru", as autocomplete shows a locality,
 * picks the Whitefield of that city; "Pune, Maharashtra", a state after the comma, the Pune of that state;
 * "Koramangala, Bengaluru, Karnataka" both. Undefined for a name the gazetteer does not know: such a place is
 * still accepted, matched by name only (CONTRACT.md section 7). With `near` (a stop: the middle of its
 * ride), the place of that name nearest to it: Maddur between Bengaluru and Mysuru is Karnataka's, not
 * Telangana's.
 */
export function locatePlace(name: string, near?: Located): LocatedPlace | undefined {
  const comma = name.indexOf(',');
  if (comma > 0) {
    const within = areaParts(name.slice(comma + 1));
    const inside = (p: { area: string; state: string }, part: string) =>
      sameName(p.area, part) || sameName(p.state, part);
    const found = exactMatches(name.slice(0, comma), NAMESAKES).find((p) =>
      within.every((part) => inside(p, part)),
    );
    if (found && within.length > 0) return { lat: found.lat, lng: found.lng, name: withArea(found) };
  }
  const matches = exactMatches(name);
  const away = (p: Located) => (near ? distanceKm(near.lat, near.lng, p.lat, p.lng) : 0);
  const found = near ? [...matches].sort((a, b) => away(a) - away(b))[0] : matches[0];
  return found ? { lat: found.lat, lng: found.lng, name: found.name } : undefined;
}

/**
 * Every spot a stored place of this name can stand for: the one place of "Whitefield, Bengaluru", or each
 * place of exactly that name (a ride's point took the one nearest its route). Empty when unknown.
 */
export function spotsOfName(name: string): Located[] {
  const comma = name.indexOf(',');
  if (comma > 0) {
    const one = locatePlace(name);
    if (one) return [{ lat: one.lat, lng: one.lng }];
  }
  return exactMatches(name).map((p) => ({ lat: p.lat, lng: p.lng }));
}

/**
 * What follows a place's name after a comma, each part normalised: its city, its state, or both
 * ("Koramangala, Bengaluru, Karnataka"); a closing "India" says nothing and is left out.
 */
export function areaParts(text: string): string[] {
  return text
    .split(',')
    .map(normalizePlace)
    .filter((part) => part !== '' && part !== 'india');
}

/** "Whitefield, Bengaluru"; a city or town alone, its area being itself ("Pune", not "Pune, Pune"). */
function withArea(p: { name: string; area: string }): string {
  return normalizePlace(p.area) === normalizePlace(p.name) ? p.name : `${p.name}, ${p.area}`;
}

/** How many places of one name are looked through for the one of a named city or state (13 Rampurs). */
const NAMESAKES = 200;

function exactMatches(name: string, among = 10) {
  const norm = normalizePlace(name);
  if (!norm) return [];
  // suggest ranks exact names (and aliases) first, bigger first; keep only those.
  return gazetteer()
    .suggest(name, among)
    .filter((p) => sameName(p.name, norm));
}

/** One place by name, under its old or new name too (Bangalore is Bengaluru). */
const sameName = samePlaceName;
