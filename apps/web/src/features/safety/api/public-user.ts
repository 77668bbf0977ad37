import { useQuery } from '@tanstack/react-query';
import { contract, type PublicUser } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { TrustFacts } from '../model';

export type PublicProfile = PublicUser & TrustFacts;

/** GET /users/{id}: a person as others see them, with their verified marks and reliability. */
export function usePublicUser(id: string) {
  return useQuery({
    queryKey: queryKeys.publicUser(id),
    queryFn: async ({ signal }) => api.call(contract.getUser, { params: { id }, signal }),
  });
}
