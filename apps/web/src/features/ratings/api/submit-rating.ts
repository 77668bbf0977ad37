import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { contract, type ratingBody } from '@saathchalo/shared';
import { api } from '@/lib/api-client';

export type RatingInput = z.output<typeof ratingBody>;

/** POST /ratings with rating, comment, rideId, rateeId. */
export const submitRating = (body: RatingInput) => api.send(contract.rate, { body });

export function useSubmitRating() {
  return useMutation({ mutationFn: submitRating });
}
