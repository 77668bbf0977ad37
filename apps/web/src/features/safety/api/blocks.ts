import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contract } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import { invalidateMarketplace, queryKeys } from '@/lib/query-keys';
import type { BlockedUser } from '../model';

/** GET /users/blocked: the people the user has blocked. */
export function useBlockedUsers() {
  return useQuery({
    queryKey: queryKeys.blocked,
    queryFn: ({ signal }): Promise<BlockedUser[]> => api.call(contract.blockedUsers, { signal }),
  });
}

/** Blocking hides rides both ways, so search and lists are read again after either change. */
function useBlockChange(call: (id: string) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: queryKeys.blocked }), invalidateMarketplace(qc)]),
  });
}

/** POST /users/{id}/block */
export const useBlockUser = () => useBlockChange((id) => api.call(contract.blockUser, { params: { id } }));

/** DELETE /users/{id}/block */
export const useUnblockUser = () =>
  useBlockChange((id) => api.call(contract.unblockUser, { params: { id } }));
