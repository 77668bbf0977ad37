import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract, type Booking } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /bookings/my-ride-bookings: bookings on the driver's rides. On failure the list is emptied (specification section 7). */
export async function getRideRequests(signal?: AbortSignal): Promise<Booking[]> {
  try {
    const bookings = await api.call(contract.myRideBookings, { signal });
    return Array.isArray(bookings) ? bookings : [];
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    return [];
  }
}

export const rideRequestsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.bookings.onMyRides, queryFn: ({ signal }) => getRideRequests(signal) });

export const useRideRequests = (enabled = true) => useQuery({ ...rideRequestsQueryOptions(), enabled });
