import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract, type CommuteBody } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import { invalidateMarketplace } from '@/lib/query-keys';

/** POST /commutes: the commute and its first materialised rides (CONTRACT section 8). */
export const createCommute = (body: CommuteBody) => api.send(contract.createCommute, { body });

export function useCreateCommute() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: createCommute, onSuccess: () => invalidateMarketplace(qc) });
}
