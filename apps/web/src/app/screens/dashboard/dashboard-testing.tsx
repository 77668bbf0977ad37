import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
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

type User = ReturnType<typeof userEvent.setup>;

/** The driver's Edit Ride dialog, opened from the ride's Manage menu on the rendered dashboard. */
export async function openEditRide(user: User, route: string): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: `Manage ride from ${route}` }));
  await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Edit Ride' }));
  return screen.findByRole('dialog', { name: 'Edit Ride' });
}

/** My Bookings' only booking rated Excellent and submitted; the rating dialog, still open for its answer. */
export async function rateDriverExcellent(user: User): Promise<HTMLElement> {
  await user.click(await screen.findByRole('tab', { name: 'My Bookings (1)' }));
  await user.click(screen.getByRole('button', { name: 'Rate Driver' }));
  const dialog = await screen.findByRole('dialog', { name: 'Rate your experience' });
  await user.click(within(dialog).getByRole('radio', { name: 'Excellent' }));
  await user.click(within(dialog).getByRole('button', { name: 'Submit Rating' }));
  return dialog;
}
