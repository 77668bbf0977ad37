import type { Executor } from '../../db/database.js';
import { newId } from '../../lib/ids.js';
import { normalizePlace, placeTerms, prefixRange } from './place-names.js';
import type { PlaceMatchCache } from './place-match-cache.js';
import { spotsOfName, type Located } from './locate-place.js';

export interface Place {
  id: string;
  name: string;
  norm: string;
}

/**
 * The place of a name, created with its search terms when it is new. Safe under concurrency:
 * the unique `norm` decides which insert wins and everyone reads the winner back.
 * The first spelling stored is the one shown ("New Delhi" stays so, even if later typed "new  delhi").
 */
export async function findOrCreatePlace(
  db: Executor,
  placeMatches: PlaceMatchCache,
  name: string,
  nowMs: number,
  options: { builtin?: boolean } = {},
): Promise<Place> {
  const display = name.trim().replace(/\s+/g, ' ');
  const norm = normalizePlace(display);
  if (!norm) throw new Error('A place needs a name with letters or digits');
  const existing = await findPlaceByNorm(db, norm);
  if (existing) return existing;
  const id = newId();
  // Forgotten before the insert, so no answer read before it is kept past this point by this app.
  placeMatches.clear();
  await db
    .insertInto('places')
    .values({ id, name: display, norm, builtin: options.builtin ? 1 : 0, ride_count: 0, created_at: nowMs })
    .onConflict((oc) => oc.column('norm').doNothing())
    .execute();
  const place = await findPlaceByNorm(db, norm);
  if (!place) throw new Error(`Place ${norm} vanished after insert`);
  if (place.id === id) {
    await db
      .insertInto('place_terms')
      .values(placeTerms(display).map((term) => ({ term, place_id: id })))
      .onConflict((oc) => oc.columns(['term', 'place_id']).doNothing())
      .execute();
  }
  return place;
}

async function findPlaceByNorm(db: Executor, norm: string): Promise<Place | undefined> {
  const row = await db
    .selectFrom('places')
    .select(['id', 'name', 'norm'])
    .where('norm', '=', norm)
    .executeTakeFirst();
  return row ? { id: row.id, name: row.name, norm: row.norm } : undefined;
}

/**
 * Ids of the places a query term matches: an index range over place_terms' primary key
 * (term, place_id), never a scan. Capped, because a one-letter query could match thousands.
 * Remembered for a few seconds (place-match-cache.ts); creating a place here forgets every answer.
 */
export async function placeIdsMatching(
  db: Executor,
  placeMatches: PlaceMatchCache,
  term: string,
  cap = 500,
): Promise<readonly string[]> {
  const key = `${cap}:${term}`;
  const known = placeMatches.get(key);
  if (known) return known;
  const rows = await placeIdsMatchingQuery(db, term, cap).execute();
  // Sorted once here, so equal answers are equal lists (the search cache keys pages by them).
  const ids = rows.map((r) => r.place_id).sort();
  placeMatches.set(key, ids);
  return ids;
}

/**
 * Where each stored place can be on the map (locate-place.ts spotsOfName), by id; an empty list for a
 * name the gazetteer does not know. Names are read once per app (place-match-cache.ts).
 */
export async function spotsOfPlaces(
  db: Executor,
  placeMatches: PlaceMatchCache,
  ids: readonly string[],
): Promise<Map<string, readonly Located[]>> {
  const unknown = ids.filter((id) => placeMatches.spotsOf(id) === undefined);
  if (unknown.length > 0) {
    const rows = await db.selectFrom('places').select(['id', 'name']).where('id', 'in', unknown).execute();
    for (const r of rows) placeMatches.setSpots(r.id, spotsOfName(r.name));
  }
  return new Map(ids.map((id) => [id, placeMatches.spotsOf(id) ?? []]));
}

/** The place lookup statement itself, apart so the query-plan test can EXPLAIN it. */
export function placeIdsMatchingQuery(db: Executor, term: string, cap = 500) {
  const { low, high } = prefixRange(term);
  return db
    .selectFrom('place_terms')
    .select('place_id')
    .distinct()
    .where('term', '>=', low)
    .where('term', '<', high)
    .limit(cap);
}

/** Counts how many rides use a place, so autocomplete can offer the busiest places first. */
export async function adjustRideCount(db: Executor, placeId: string, delta: number): Promise<void> {
  await db
    .updateTable('places')
    .set((eb) => ({ ride_count: eb('ride_count', '+', delta) }))
    .where('id', '=', placeId)
    .execute();
}

/** Place names for autocomplete: prefix matches when q is given, else the busiest; busiest first. */
export async function listPlaceNames(db: Executor, term: string | null, limit: number): Promise<string[]> {
  let query = db.selectFrom('places').select(['name']);
  if (term) {
    const { low, high } = prefixRange(term);
    query = query.where('id', 'in', (eb) =>
      eb.selectFrom('place_terms').select('place_id').where('term', '>=', low).where('term', '<', high),
    );
  }
  const rows = await query.orderBy('ride_count', 'desc').orderBy('name').limit(limit).execute();
  return rows.map((r) => r.name);
}
