import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { offerRideBody, Ride } from '@saathchalo/shared';
import { api } from '@/lib/api-client';

export type OfferRideInput = z.output<typeof offerRideBody>;

/** POST /rides/offer (specification section 7): the seat count travels as `passengers`. */
export const offerRide = (body: OfferRideInput) => api.post<Ride>('/rides/offer', body);

export function useOfferRide() {
  return useMutation({ mutationFn: offerRide });
}
