import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateMarketplace } from '@/lib/query-keys';
import type { CommuteDirection, SubscriptionResult, CommuteDay } from '@saathchalo/shared';

export interface SubscribeInput {
  commuteId: string;
  seats: number;
  days?: CommuteDay[];
  direction?: CommuteDirection;
}

const at = (id: string) => `/commutes/${encodeURIComponent(id)}/subscriptions`;

/** POST /commutes/{id}/subscriptions: books every upcoming matching ride and each one made later. */
export const subscribe = ({ commuteId, ...body }: SubscribeInput) =>
  api.post<SubscriptionResult>(at(commuteId), body);

/** DELETE /commutes/{id}/subscriptions/mine: stops it and cancels its open upcoming bookings. */
export const unsubscribe = (commuteId: string) => api.delete<unknown>(`${at(commuteId)}/mine`);

export function useSubscribe() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: subscribe, onSuccess: () => invalidateMarketplace(qc) });
}

export function useUnsubscribe() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: unsubscribe, onSuccess: () => invalidateMarketplace(qc) });
}
