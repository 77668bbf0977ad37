import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import { invalidateMarketplace } from '@/lib/query-keys';

export interface BookRideInput {
  rideId: string;
  seatsRequested: number;
  pickupLocation: string | null;
  dropLocation: string | null;
  /** The segment a search showed (CONTRACT section 7): point indexes, and the places searched. */
  fromStop?: number | undefined;
  toStop?: number | undefined;
  pickupPlace?: string | undefined;
  dropPlace?: string | undefined;
}

/** POST /rides/{id}/book with seatsRequested, pickupLocation, dropLocation and, for a segment, its points. */
export const bookRide = ({ rideId, ...body }: BookRideInput) =>
  api.send(contract.bookRide, { params: { id: rideId }, body });

export function useBookRide() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: bookRide,
    // Seats changed: other searches are out of date.
    onSuccess: () => invalidateMarketplace(qc),
  });
}
