import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { contract, type Ride, type updateRideBody } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import { invalidateMarketplace, queryKeys } from '@/lib/query-keys';

export type UpdateRideInput = { id: string; body: z.output<typeof updateRideBody> };

/** PUT /rides/{id}/update. */
export const updateRide = ({ id, body }: UpdateRideInput) =>
  api.send(contract.updateRide, { params: { id }, body });

export function useUpdateRide() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateRide,
    onSuccess: (res, { id }) => {
      if (res.data && typeof res.data === 'object') {
        qc.setQueryData<Ride[]>(queryKeys.rides.mine, (rides) =>
          rides?.map((r) => (r.id === id ? { ...r, ...res.data } : r)),
        );
      }
      return invalidateMarketplace(qc);
    },
  });
}
