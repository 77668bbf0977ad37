import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract, type Booking } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import { invalidateMarketplace, queryKeys } from '@/lib/query-keys';

/** PUT /bookings/{id}/cancel: a passenger's cancellation, and also a driver's reject. */
export const cancelBooking = (id: string) => api.send(contract.cancelBooking, { params: { id } });

/** The passenger cancels: the booking leaves their list. */
export function useCancelBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSuccess: (_res, id) => {
      qc.setQueryData<Booking[]>(queryKeys.bookings.mine, (list) => list?.filter((b) => b.id !== id));
      return invalidateMarketplace(qc);
    },
  });
}

/** The driver rejects a request: it becomes CANCELLED in their list. */
export function useRejectBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSuccess: (_res, id) => {
      qc.setQueryData<Booking[]>(queryKeys.bookings.onMyRides, (list) =>
        list?.map((b) => (b.id === id ? { ...b, status: 'CANCELLED' } : b)),
      );
      return invalidateMarketplace(qc);
    },
  });
}
