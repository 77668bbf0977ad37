import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { contract, type offerRideBody } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type OfferRideInput = z.output<typeof offerRideBody>;

/** POST /rides/offer (specification section 7): the seat count travels as `passengers`. */
export const offerRide = (body: OfferRideInput) => api.send(contract.offerRide, { body });

export function useOfferRide() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: offerRide,
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.rides.all }),
  });
}
