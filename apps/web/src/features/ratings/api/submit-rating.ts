import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { contract, type ratingBody } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type RatingInput = z.output<typeof ratingBody>;

/** POST /ratings with rating, comment, rideId, rateeId. */
export const submitRating = (body: RatingInput) => api.send(contract.rate, { body });

export function useSubmitRating() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: submitRating,
    // The ratee's rating follows at once on the server (CONTRACT section 4): what showed the old one, their
    // profile and search results naming them as driver, is read again when next shown.
    onSuccess: (_res, { rateeId }) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.publicUser(rateeId) }),
        qc.invalidateQueries({ queryKey: queryKeys.rides.searches }),
      ]).then(() => undefined),
  });
}
