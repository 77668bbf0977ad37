import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Ride } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import { dashboardKeys } from './keys';

/** GET /rides/my-rides: the rides the user offers, each with its confirmed and completed passengers. */
export async function getMyRides(signal?: AbortSignal): Promise<Ride[]> {
  const res = await api.get<Ride[]>('/rides/my-rides', undefined, signal);
  return Array.isArray(res.data) ? res.data : [];
}

export const myRidesQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.myRides, queryFn: ({ signal }) => getMyRides(signal) });

/** Always asks again when the dashboard opens: a booking or offer made elsewhere changes these lists. */
export const useMyRides = (enabled = true) =>
  useQuery({ ...myRidesQueryOptions(), enabled, refetchOnMount: 'always' });
