import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contract, type CommuteBody } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import { invalidateMarketplace } from '@/lib/query-keys';

/** PUT /commutes/{id}: changes the rides not yet booked and the future ones. */
export const updateCommute = ({ id, body }: { id: string; body: CommuteBody }) =>
  api.send(contract.updateCommute, { params: { id }, body });

/** DELETE /commutes/{id}: stops it; its future rides are cancelled and their passengers told. */
export const stopCommute = (id: string) => api.send(contract.stopCommute, { params: { id } });

/** Skipping a day is cancelling that ride (PUT /rides/{id}/status?status=CANCELLED). */
export const skipRide = (rideId: string) =>
  api.send(contract.changeRideStatus, { params: { id: rideId }, query: { status: 'CANCELLED' } });

export function useUpdateCommute() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: updateCommute, onSuccess: () => invalidateMarketplace(qc) });
}

export function useStopCommute() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: stopCommute, onSuccess: () => invalidateMarketplace(qc) });
}

export function useSkipRide() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: skipRide, onSuccess: () => invalidateMarketplace(qc) });
}
