import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { Commute } from '@saathchalo/shared';

/** GET /commutes/my: the driver's commutes, each with its upcoming rides. */
export async function getMyCommutes(signal?: AbortSignal): Promise<Commute[]> {
  const res = await api.get<Commute[]>('/commutes/my', undefined, signal);
  return Array.isArray(res.data) ? res.data : [];
}

export const myCommutesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.commutes.mine, queryFn: ({ signal }) => getMyCommutes(signal) });

export const useMyCommutes = () => useQuery(myCommutesQueryOptions());
