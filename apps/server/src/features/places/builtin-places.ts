import type { Kysely } from 'kysely';
import { newId } from '../../lib/ids.js';
import { INDIAN_CITIES } from './indian-cities.js';
import { normalizePlace, placeTerms } from './place-names.js';

const BATCH = 200;

/**
 * Loads the built-in Indian cities into places (builtin = 1) with their search terms. Idempotent:
 * a place already present (by its normalised name) is left as it is.
 */
export async function loadBuiltinPlaces(db: Kysely<any>, nowMs: number): Promise<void> {
  const places = INDIAN_CITIES.map(([name]) => ({
    id: newId(),
    name,
    norm: normalizePlace(name),
    builtin: 1,
    ride_count: 0,
    created_at: nowMs,
  }));
  for (let i = 0; i < places.length; i += BATCH) {
    await db
      .insertInto('places')
      .values(places.slice(i, i + BATCH))
      .onConflict((oc) => oc.column('norm').doNothing())
      .execute();
  }
  // Terms go to whichever row won the norm, so a re-run never orphans a term.
  const stored: { id: string; norm: string; name: string }[] = await db
    .selectFrom('places')
    .select(['id', 'norm', 'name'])
    .where('builtin', '=', 1)
    .execute();
  const terms = stored.flatMap((p) => placeTerms(p.name).map((term) => ({ term, place_id: p.id })));
  for (let i = 0; i < terms.length; i += BATCH) {
    await db
      .insertInto('place_terms')
      .values(terms.slice(i, i + BATCH))
      .onConflict((oc) => oc.columns(['term', 'place_id']).doNothing())
      .execute();
  }
}
