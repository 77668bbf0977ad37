import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '@/test/render';
import { renderDashboard, serve } from './dashboard-testing';
import { buildBooking, buildMyBooking, buildRide } from './fixtures';

const NETWORK = 'Network error. Please check your connection and try again.';

/** Each dialog's code loads on first use; the phone lost its connection after the dashboard had come. */
const net = vi.hoisted(() => {
  const state = {
    offline: true,
    load: async <T,>(original: () => Promise<T>) => {
      if (state.offline) throw new TypeError('Failed to fetch dynamically imported module');
      return original();
    },
  };
  return state;
});
vi.mock('@/features/rides/components/ride-details-dialog', (original) => net.load(original));
vi.mock('@/features/rides/components/edit-ride-dialog', (original) => net.load(original));
vi.mock('@/features/bookings/components/booking-details-dialog', (original) => net.load(original));
vi.mock('@/features/ratings/components/rate-experience-dialog', (original) => net.load(original));
vi.mock('@/features/safety/components/report-dialog', (original) => net.load(original));

type User = ReturnType<typeof userEvent.setup>;
const panel = () => within(screen.getByRole('tabpanel'));

/**
 * The dashboard's dialogs, each with how it is opened. A module's code, once in, stays in (as in a
 * browser), so one test walks them all offline, then all online.
 */
function dialogs(user: User, route: string) {
  const openTab = (name: RegExp) => user.click(screen.getByRole('tab', { name }));
  return [
    {
      name: 'Ride Details',
      tap: async () => (
        await openTab(/^My Rides/),
        user.click(panel().getByRole('button', { name: 'Show Details' }))
      ),
    },
    {
      name: 'Edit Ride',
      tap: async () => {
        await openTab(/^My Rides/);
        await user.click(panel().getByRole('button', { name: `Manage ride from ${route}` }));
        await user.click(
          within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Edit Ride' }),
        );
      },
    },
    {
      name: 'Booking Details',
      tap: async () => (
        await openTab(/^My Bookings/),
        user.click(panel().getByRole('button', { name: 'View' }))
      ),
    },
    {
      name: 'Rate your experience',
      tap: async () => (
        await openTab(/^My Bookings/),
        user.click(panel().getByRole('button', { name: 'Rate Driver' }))
      ),
    },
    {
      name: 'Report Kiran Rao',
      tap: async () => (
        await openTab(/^Ride Requests/),
        user.click(panel().getByRole('button', { name: 'Report Kiran Rao' }))
      ),
    },
  ];
}

describe('Dashboard dialogs tapped with the connection gone', () => {
  it('each says so and keeps the dashboard; online again, each opens', async () => {
    signIn();
    const ride = buildRide();
    serve({
      rides: [ride],
      bookings: [buildMyBooking({ status: 'COMPLETED' })],
      requests: [buildBooking({ status: 'PENDING' })],
    });
    const user = userEvent.setup();
    renderDashboard();
    await screen.findByRole('button', { name: 'Show Details' });
    const all = dialogs(user, `${ride.from} to ${ride.to}`);

    for (const { name, tap } of all) {
      // The last tap's notice closed, so this tap's own is what shows.
      const shown = screen.queryByText(NETWORK)?.parentElement;
      if (shown) await user.click(within(shown).getByRole('button', { name: 'Close' }));
      await tap();
      expect(await screen.findByText(NETWORK), name).toBeTruthy();
      expect(screen.queryByText('Something went wrong'), name).toBeNull();
      expect(screen.getByRole('heading', { level: 1, name: /^Welcome back/ }), name).toBeTruthy();
      expect(screen.queryByRole('dialog'), name).toBeNull();
    }

    net.offline = false;
    for (const { name, tap } of all) {
      await tap();
      const dialog = await screen.findByRole('dialog', { name });
      expect(screen.queryByText(NETWORK), name).toBeNull();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(dialog.isConnected).toBe(false));
    }
  });
});
