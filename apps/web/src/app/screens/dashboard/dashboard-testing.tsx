import { mockFetch, okEnvelope, renderScreen } from '@/test/render';
import type { Booking, Ride } from '@saathchalo/shared';
import { DashboardScreen } from './dashboard-screen';

export interface Data {
  rides?: Ride[];
  bookings?: Booking[];
  requests?: Booking[];
}

/** A fake server: lists read from `data` at each call (handlers may change it); `hold` leaves later reads unanswered. */
export function serve(data: Data = {}, extra: Parameters<typeof mockFetch>[0] = {}, hold = { on: false }) {
  const answer = (list: () => unknown) => () =>
    hold.on ? new Promise<Response>(() => {}) : okEnvelope(list());
  return mockFetch({
    'GET /api/rides/my-rides': answer(() => data.rides ?? []),
    'GET /api/bookings/my-bookings': answer(() => data.bookings ?? []),
    'GET /api/bookings/my-ride-bookings': answer(() => data.requests ?? []),
    ...extra,
  });
}

export const renderDashboard = () => renderScreen(<DashboardScreen />, { route: '/dashboard' });
