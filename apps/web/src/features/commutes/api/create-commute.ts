import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateMarketplace } from '@/lib/query-keys';
import type { Commute, CommuteBody } from '@saathchalo/shared';

/** POST /commutes: the commute and its first materialised rides (CONTRACT section 8). */
export const createCommute = (body: CommuteBody) => api.post<Commute>('/commutes', body);

export function useCreateCommute() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createCommute, onSuccess: () => invalidateMarketplace(qc) });
}
