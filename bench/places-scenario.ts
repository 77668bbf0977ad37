import { readFileSync } from 'node:fs';
import { PLACE_ALIASES } from '../apps/server/dist/features/places/place-names.js';
import type { Scenario } from './scenario-types.ts';

/**
 * GET /api/places as the search form's autocomplete sends it: one request per keystroke, so prefixes of
 * 1 to 8 letters of real names, typed as shown, in lower case or upper case; localities (Whitefield) as
 * often as cities; old names (Bangalore, Gurgaon); and one request in twenty "near me" (lat/lng around a
 * place). Each from its own address, as phones behind a proxy: the route allows 5,000 a minute per
 * address, which one benchmark address would reach in a second.
 */
export function placesScenario(): Scenario {
  const { cities, localities, others } = gazetteerNames();
  const aliases = PLACE_ALIASES.flat().map(titleCase);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
  const name = () => {
    const r = Math.random();
    if (r < 0.35) return pick(cities);
    if (r < 0.7) return pick(localities);
    if (r < 0.85) return pick(aliases);
    return pick(others).name;
  };
  return {
    name: 'places',
    what: 'GET /api/places: 1-8 letter prefixes of gazetteer names, localities, old names, mixed case; 1 in 20 near me',
    next: () => {
      const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
      const headers = { 'x-forwarded-for': ip };
      if (Math.random() < 0.05) {
        const at = pick(others);
        const lat = (at.lat + (Math.random() - 0.5) * 0.1).toFixed(5);
        const lng = (at.lng + (Math.random() - 0.5) * 0.1).toFixed(5);
        return { method: 'GET', path: `/api/places?lat=${lat}&lng=${lng}`, headers };
      }
      const typed = cased(name().slice(0, 1 + Math.floor(Math.random() * 8)));
      return { method: 'GET', path: `/api/places?q=${encodeURIComponent(typed)}`, headers };
    },
  };
}

/** How a name is typed: as shown mostly, else in lower or upper case. */
function cased(text: string): string {
  const r = Math.random();
  if (r < 0.5) return text;
  return r < 0.85 ? text.toLowerCase() : text.toUpperCase();
}

const titleCase = (norm: string) => norm.replace(/\b\w/g, (c) => c.toUpperCase());

let names: ReturnType<typeof readNames> | undefined;

/** Names of the gazetteer file, read once (the benchmark builds its scenarios once per scenario run). */
function gazetteerNames() {
  names ??= readNames();
  return names;
}

/** Cities, localities of cities, and every place (with its coordinates). */
function readNames() {
  const file = new URL('../apps/server/gazetteer/india.json', import.meta.url);
  const data = JSON.parse(readFileSync(file, 'utf8')) as {
    places: [string, string, number, number, number, number, string, number][];
  };
  const rows = data.places;
  return {
    cities: rows.filter((p) => p[6] === 'c').map((p) => p[1]),
    // The localities people name most: those of big cities (rank is the city's population / 100).
    localities: rows.filter((p) => p[6] === 'l' && p[7] >= 10_000).map((p) => p[1]),
    others: rows.map((p) => ({ name: p[1], lat: p[4], lng: p[5] })),
  };
}
