import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract, type Ride } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** What the search sends (specification section 3): the time the form collects stays in the browser. */
export interface SearchParams {
  from: string;
  to: string;
  date: string;
  passengers: number;
  /** CONTRACT section 9: only rides for women; sent only when set, so an older server sees no change. */
  womenOnly?: boolean;
}

/** GET /rides/search?from&to&date&passengers: a list of rides. */
export async function searchRides(params: SearchParams, signal?: AbortSignal): Promise<Ride[]> {
  const { womenOnly, ...rest } = params;
  const query = womenOnly ? { ...rest, womenOnly: 'true' as const } : rest;
  const rides = await api.call(contract.searchRides, { query, signal });
  return Array.isArray(rides) ? rides : [];
}

export const searchRidesQueryOptions = (params: SearchParams) =>
  queryOptions({
    queryKey: queryKeys.rides.search(params),
    queryFn: ({ signal }) => searchRides(params, signal),
    staleTime: 0,
  });

export function useSearchRides(params: SearchParams | null) {
  return useQuery({
    ...searchRidesQueryOptions(params ?? { from: '', to: '', date: '', passengers: 1 }),
    enabled: params !== null,
  });
}
