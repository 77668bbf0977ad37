import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SharedTrip } from '../model';

/** POST /bookings/{id}/share: a link to the trip that anyone can open, without signing in. */
export const useShareTrip = () =>
  useMutation({
    mutationFn: async (bookingId: string) => {
      const res = await api.post<SharedTrip>(`/bookings/${encodeURIComponent(bookingId)}/share`);
      return res.data;
    },
  });
