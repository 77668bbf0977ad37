import {
  keepPreviousData,
  queryOptions,
  useQueries,
  useQuery,
  type QueryClient,
} from '@tanstack/react-query';
import { contract, type Place } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A place of the gazetteer, as GET /api/places answers it (CONTRACT section 7). */
export type { Place };

const isPlace = (p: unknown): p is Place => {
  const o = p as Partial<Place> | null;
  return (
    !!o &&
    typeof o.name === 'string' &&
    typeof o.lat === 'number' &&
    typeof o.lng === 'number' &&
    o.name !== ''
  );
};

/** Only well-formed places: a server that answers something else just means no suggestions. */
function placesOf(data: unknown): Place[] {
  return Array.isArray(data) ? data.filter(isPlace) : [];
}

/** GET /api/places?q=: up to 10 places, best first. */
export async function getPlaces(q: string, signal?: AbortSignal): Promise<Place[]> {
  if (!q) return [];
  return placesOf(await api.call(contract.findPlaces, { query: { q }, signal }));
}

/** GET /api/places?lat=&lng=: the places nearest a point, nearest first ("near me"). */
export async function getPlacesNear(lat: number, lng: number, signal?: AbortSignal): Promise<Place[]> {
  const query = { lat: lat.toFixed(5), lng: lng.toFixed(5) };
  return placesOf(await api.call(contract.findPlaces, { query, signal }));
}

export const placesQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.placeSearch(q.toLowerCase()),
    queryFn: ({ signal }) => getPlaces(q, signal),
    // The gazetteer changes with a deploy, not within a visit.
    // No gcTime of our own: the default (5 min in the browser, none when prerendering) lets the build's
    // prerender exit instead of waiting out a timer on the query cache.
    staleTime: 30 * 60_000,
    // Suggestions are a convenience: a failure just means none, and free text is still accepted.
    retry: false,
  });

export function usePlaces(q: string, enabled = true) {
  return useQuery({
    ...placesQueryOptions(q),
    placeholderData: keepPreviousData,
    enabled: enabled && q !== '',
  });
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The text a picked place goes into its field as. Its name alone when the server takes that name for this
 * very place: the first answer for the name is the place the server locates by it (exact names and old or
 * new names, biggest first). Else the name with its city, or its state, after a comma ("Kota,
 * Chhattisgarh"), which the server reads back to this place: a bare "Kota" is Rajasthan's.
 */
export async function pickedText(client: QueryClient, place: Place): Promise<string> {
  let top: Place | undefined;
  try {
    top = (await client.fetchQuery(placesQueryOptions(place.name)))[0];
  } catch {
    return place.name; // no answer: the name as picked, as before
  }
  if (!top || top.id === place.id) return place.name;
  const city = place.area && !sameName(place.area, place.name) ? place.area : '';
  const within = city || place.state;
  return within ? `${place.name}, ${within}` : place.name;
}

/** The place a field's text names: "Kota, Chhattisgarh" is the Kota the answer for that text lists first. */
const named = (text: string) => (p: Place) => sameName(p.name, text.split(',')[0] ?? text);

/**
 * The places named in fields (a route's points): each the gazetteer's entry of that exact name, which the
 * autocomplete already asked for, so usually from the cache. Undefined for a name it does not know.
 */
export function usePlacesNamed(names: readonly string[]): Array<Place | undefined> {
  // One query per distinct text: two empty stops, or a place named twice, share theirs.
  const unique = [...new Set(names.map((n) => n.trim().toLowerCase()).filter((n) => n.length > 1))];
  const results = useQueries({ queries: unique.map((q) => placesQueryOptions(q)) });
  const found = new Map(unique.map((q, i) => [q, results[i]?.data?.find(named(q))]));
  return names.map((n) => found.get(n.trim().toLowerCase()));
}
