import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { contract } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type PlaceKind = 'from' | 'to';

/** GET /rides/locations/{from|to}?q=: place names for autocomplete. */
export async function getLocations(kind: PlaceKind, q: string, signal?: AbortSignal): Promise<string[]> {
  const call = kind === 'from' ? contract.locationsFrom : contract.locationsTo;
  const places: unknown = await api.call(call, { query: { q: q || undefined }, signal });
  return Array.isArray(places) ? places.filter((p): p is string => typeof p === 'string') : [];
}

export const locationsQueryOptions = (kind: PlaceKind, q: string) =>
  queryOptions({
    queryKey: queryKeys.places(kind, q),
    queryFn: ({ signal }) => getLocations(kind, q, signal),
    staleTime: 5 * 60_000,
    // Suggestions are a convenience: a failure just means none.
    retry: false,
  });

export function useLocations(kind: PlaceKind, q: string, enabled = true) {
  return useQuery({ ...locationsQueryOptions(kind, q), placeholderData: keepPreviousData, enabled });
}
