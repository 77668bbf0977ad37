import { useMutation } from '@tanstack/react-query';
import { contract } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import type { SharedTrip } from '../model';

/** POST /bookings/{id}/share: a link to the trip that anyone can open, without signing in. */
export const useShareTrip = () =>
  useMutation({
    mutationFn: (bookingId: string): Promise<SharedTrip> =>
      api.call(contract.shareTrip, { params: { id: bookingId } }),
  });
