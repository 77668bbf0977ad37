import { useQuery } from '@tanstack/react-query';
import type { Commute } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /commutes/{id}: one commute, with the viewer's standing booking on it. */
export async function getCommute(id: string, signal?: AbortSignal): Promise<Commute> {
  const res = await api.get<Commute>(`/commutes/${encodeURIComponent(id)}`, undefined, signal);
  return res.data;
}

export const useCommute = (id: string) =>
  useQuery({ queryKey: queryKeys.commutes.one(id), queryFn: ({ signal }) => getCommute(id, signal) });
