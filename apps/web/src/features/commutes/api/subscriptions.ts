import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateMarketplace } from '@/lib/query-keys';
import { contract, type CommuteDay, type CommuteDirection } from '@saathchalo/shared';

export interface SubscribeInput {
  commuteId: string;
  seats: number;
  days?: CommuteDay[];
  direction?: CommuteDirection;
  /** Points of the commute's route (CONTRACT section 8); none: the whole route. */
  fromStop?: number;
  toStop?: number;
}

/** POST /commutes/{id}/subscriptions: books every upcoming matching ride and each one made later. */
export const subscribe = ({ commuteId, ...body }: SubscribeInput) =>
  api.send(contract.subscribeCommute, { params: { id: commuteId }, body });

/** DELETE /commutes/{id}/subscriptions/mine: stops it and cancels its open upcoming bookings. */
export const unsubscribe = (commuteId: string) =>
  api.send(contract.unsubscribeCommute, { params: { id: commuteId } });

export function useSubscribe() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: subscribe, onSuccess: () => invalidateMarketplace(qc) });
}

export function useUnsubscribe() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: unsubscribe, onSuccess: () => invalidateMarketplace(qc) });
}
