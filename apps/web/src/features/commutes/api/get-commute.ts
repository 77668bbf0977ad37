import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract, type Commute } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /commutes/{id}: one commute, with the viewer's standing booking on it. */
export async function getCommute(id: string, signal?: AbortSignal): Promise<Commute> {
  return api.call(contract.getCommute, { params: { id }, signal });
}

/** The query of one commute: read on a screen (useCommute) or awaited before a send (fetchQuery). */
export const commuteQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.commutes.one(id),
    queryFn: ({ signal }) => getCommute(id, signal),
  });

export const useCommute = (id: string, enabled = true) => useQuery({ ...commuteQuery(id), enabled });
