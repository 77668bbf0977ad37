import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { contract, type Commute } from '@saathchalo/shared';

/** GET /commutes/my: the driver's commutes, each with its upcoming rides. */
export async function getMyCommutes(signal?: AbortSignal): Promise<Commute[]> {
  return api.call(contract.myCommutes, { signal });
}

export const myCommutesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.commutes.mine, queryFn: ({ signal }) => getMyCommutes(signal) });

export const useMyCommutes = () => useQuery(myCommutesQueryOptions());
