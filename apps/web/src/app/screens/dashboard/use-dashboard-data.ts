import { useCallback, useState } from 'react';
import { useMyBookings, useRideRequests } from '@/features/bookings';
import { useMyRating } from '@/features/ratings';
import { useMyRides } from '@/features/rides';
import { notify } from '@/lib/notify';
import type { ActionReport } from '@/lib/run-action';
import { loadErrorMessage } from './load-error';

/** The dashboard's lists, the rating stat, the banner that tells what went wrong, and Refresh. */
export function useDashboardData(signedIn: boolean) {
  const rides = useMyRides(signedIn);
  const bookings = useMyBookings(signedIn);
  const requests = useRideRequests(signedIn);
  const myRating = useMyRating(signedIn);
  const [banner, setBanner] = useState<string | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  const report = useCallback((message: string) => {
    setBanner(message);
    notify.error(message);
  }, []);
  const clearReport = useCallback(() => setBanner(null), []);

  const refresh = async () => {
    setBanner(null);
    setRefreshing(true);
    const results = await Promise.all([rides.refetch(), bookings.refetch(), requests.refetch()]);
    void myRating.refetch();
    setRefreshing(false);
    if (results.some((r) => r.isError)) report('Failed to refresh data');
  };

  const allBookings = bookings.data ?? [];
  const loadError = rides.error ?? bookings.error;
  const out: ActionReport = { report, clearReport };
  return {
    myRides: rides.data ?? [],
    myBookings: allBookings.filter((b) => b.status !== 'CANCELLED'),
    cancelledBookings: allBookings.filter((b) => b.status === 'CANCELLED'),
    rideRequests: requests.data ?? [],
    rating: myRating.data,
    loading: rides.isPending || bookings.isPending || requests.isPending,
    /** A failed load offers "Try again"; a failed action's banner does not. */
    retryable: !banner && Boolean(loadError),
    error: banner ?? (loadError ? loadErrorMessage(loadError) : null),
    refreshing,
    refresh,
    out,
  };
}

export type DashboardData = ReturnType<typeof useDashboardData>;
