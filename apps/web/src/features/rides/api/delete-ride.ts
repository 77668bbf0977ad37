import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract, type Ride } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import { invalidateMarketplace, queryKeys } from '@/lib/query-keys';

/** DELETE /rides/{id}: the ride leaves every list; its bookings are cancelled. */
export const deleteRide = (id: string) => api.send(contract.deleteRide, { params: { id } });

export function useDeleteRide() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteRide,
    onSuccess: (_res, id) => {
      qc.setQueryData<Ride[]>(queryKeys.rides.mine, (rides) => rides?.filter((r) => r.id !== id));
      return invalidateMarketplace(qc);
    },
  });
}
