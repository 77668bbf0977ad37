import type { z } from 'zod';
import type { Place, placesQuery } from '@saathchalo/shared';
import { gazetteer } from './gazetteer.js';

const SUGGESTIONS = 10;

/**
 * Autocomplete (CONTRACT.md section 7): up to ten gazetteer places, exact names (and old or new names)
 * first, then names that start with q, then names with a later word that does; bigger places first
 * within each. With `lat` and `lng`, the one nearest place. Held in memory: no database round trip.
 */
export function findPlaces(q: z.output<typeof placesQuery>): Place[] {
  const places = gazetteer();
  if (q.lat !== undefined && q.lng !== undefined) return [asPlace(places.nearest(q.lat, q.lng))];
  if (!q.q) return [];
  // suggest's places have exactly the contract's fields already: no copy.
  return places.suggest(q.q, SUGGESTIONS);
}

/** Exactly the contract's fields (the gazetteer's nearest() adds its distance). */
function asPlace(p: Place): Place {
  return { id: p.id, name: p.name, area: p.area, state: p.state, lat: p.lat, lng: p.lng, kind: p.kind };
}
