import type { z } from 'zod';
import type { Place, placesQuery } from '@saathchalo/shared';
import { gazetteer } from './gazetteer.js';
import { areaParts } from './locate-place.js';
import { normalizePlace } from './place-names.js';

const SUGGESTIONS = 10;
/** How many places of the name before a comma are read to find those of the area after it. */
const NAMED_IN_AREA = 200;

/**
 * Autocomplete (CONTRACT.md section 7): up to ten gazetteer places, exact names (and old or new names)
 * first, then names that start with q, then names with a later word that does; bigger places first
 * within each. With `lat` and `lng`, the one nearest place. Held in memory: no database round trip.
 */
export function findPlaces(q: z.output<typeof placesQuery>): Place[] {
  const places = gazetteer();
  if (q.lat !== undefined && q.lng !== undefined) return [asPlace(places.nearest(q.lat, q.lng))];
  if (!q.q) return [];
  const comma = q.q.indexOf(',');
  if (comma > 0) return inArea(q.q.slice(0, comma), q.q.slice(comma + 1));
  // suggest's places have exactly the contract's fields already: no copy.
  return places.suggest(q.q, SUGGESTIONS);
}

/**
 * "Whitefield, Bengaluru", as the product names a locality (locatePlace) and as a ride's point is stored
 * when typed so: the places of the name before the comma whose city (or state), under any of its names,
 * starts with what follows it ("Whitefield, Bangalore", "Whitefield, Beng", "Pune, Maharashtra",
 * "Koramangala, Bengaluru, Karnataka").
 */
function inArea(name: string, within: string): Place[] {
  const places = gazetteer();
  const parts = areaParts(within);
  const starts = (n: string, part: string) =>
    normalizePlace(n).startsWith(part) || places.aliases(n).some((a) => a.startsWith(part));
  return places
    .suggest(name, NAMED_IN_AREA)
    .filter((p) => parts.every((part) => starts(p.area, part) || starts(p.state, part)))
    .slice(0, SUGGESTIONS);
}

/** Exactly the contract's fields (the gazetteer's nearest() adds its distance). */
function asPlace(p: Place): Place {
  return { id: p.id, name: p.name, area: p.area, state: p.state, lat: p.lat, lng: p.lng, kind: p.kind };
}
