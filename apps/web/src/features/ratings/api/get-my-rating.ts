import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /users/profile, read for the Rating stat: the stored session's copy does not follow new ratings. */
export async function getMyRating(signal?: AbortSignal): Promise<number | null> {
  const profile: { rating?: unknown } | null = await api.call(contract.getProfile, { signal });
  return typeof profile?.rating === 'number' ? profile.rating : null;
}

export const myRatingQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.myRating,
    queryFn: ({ signal }) => getMyRating(signal),
    retry: false,
  });

export const useMyRating = (enabled = true) => useQuery({ ...myRatingQueryOptions(), enabled });
