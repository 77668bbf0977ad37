import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateMarketplace } from '@/lib/query-keys';
import type { Commute, CommuteBody } from '@saathchalo/shared';

const at = (id: string) => `/commutes/${encodeURIComponent(id)}`;

/** PUT /commutes/{id}: changes the rides not yet booked and the future ones. */
export const updateCommute = ({ id, body }: { id: string; body: CommuteBody }) =>
  api.put<Commute>(at(id), body);

/** DELETE /commutes/{id}: stops it; its future rides are cancelled and their passengers told. */
export const stopCommute = (id: string) => api.delete<Commute>(at(id));

/** Skipping a day is cancelling that ride (PUT /rides/{id}/status?status=CANCELLED). */
export const skipRide = (rideId: string) =>
  api.put<unknown>(`/rides/${encodeURIComponent(rideId)}/status`, undefined, { status: 'CANCELLED' });

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
