import { queryOptions, useQuery } from '@tanstack/react-query';
import { contract, type Booking } from '@saathchalo/shared';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /bookings/my-bookings: the passenger's bookings. */
export async function getMyBookings(signal?: AbortSignal): Promise<Booking[]> {
  const bookings = await api.call(contract.myBookings, { signal });
  return Array.isArray(bookings) ? bookings : [];
}

export const myBookingsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.bookings.mine, queryFn: ({ signal }) => getMyBookings(signal) });

export const useMyBookings = (enabled = true) => useQuery({ ...myBookingsQueryOptions(), enabled });
