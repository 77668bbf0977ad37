import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract, type Ride } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /rides/my-rides: the rides the user offers, each with its confirmed and completed passengers. */
export async function getMyRides(signal?: AbortSignal): Promise<Ride[]> {
  const rides = await api.call(contract.myRides, { signal });
  return Array.isArray(rides) ? rides : [];
}

export const myRidesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.rides.mine, queryFn: ({ signal }) => getMyRides(signal) });

export const useMyRides = (enabled = true) => useQuery({ ...myRidesQueryOptions(), enabled });
