import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './keys';

/** PUT /bookings/{id}/cancel: a passenger's cancellation, and also a driver's reject. */
export const cancelBooking = (id: string) => api.put<Booking>(`/bookings/${encodeURIComponent(id)}/cancel`);

/** The passenger cancels: the booking leaves their list. */
export function useCancelBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSuccess: (_res, id) => {
      qc.setQueryData<Booking[]>(dashboardKeys.myBookings, (list) => list?.filter((b) => b.id !== id));
      return qc.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}

/** The driver rejects a request: it becomes CANCELLED in their list. */
export function useRejectBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSuccess: (_res, id) => {
      qc.setQueryData<Booking[]>(dashboardKeys.rideRequests, (list) =>
        list?.map((b) => (b.id === id ? { ...b, status: 'CANCELLED' } : b)),
      );
      return qc.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
