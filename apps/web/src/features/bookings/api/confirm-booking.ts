import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract, type Booking } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import { invalidateMarketplace, queryKeys } from '@/lib/query-keys';

/** PUT /bookings/{id}/confirm: the driver accepts a pending request. */
export const confirmBooking = (id: string) => api.send(contract.confirmBooking, { params: { id } });

export function useConfirmBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: confirmBooking,
    onSuccess: (_res, id) => {
      qc.setQueryData<Booking[]>(queryKeys.bookings.onMyRides, (list) =>
        list?.map((b) => (b.id === id ? { ...b, status: 'CONFIRMED' } : b)),
      );
      // The ride's passenger list now includes them.
      return invalidateMarketplace(qc);
    },
  });
}
