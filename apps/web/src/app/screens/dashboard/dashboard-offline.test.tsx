import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { okEnvelope, signIn } from '@/test/render';
import { renderDashboard, serve, type Data } from './dashboard-testing';
import { buildMyBooking } from './fixtures';

/** The code loaded on first use (the prompt, the toasts) cannot be fetched while the phone is offline. */
const net = vi.hoisted(() => ({
  offline: true,
  unreachable: () => new TypeError('Failed to fetch dynamically imported module'),
}));
vi.mock('@/components/ui/confirm-dialog', async (original) => {
  if (net.offline) throw net.unreachable();
  return original();
});
vi.mock('sonner', async (original) => {
  if (net.offline) throw net.unreachable();
  return original();
});

describe('Dashboard with the connection gone', () => {
  it('a prompt whose code cannot load says so and keeps the screen; online again, it opens', async () => {
    signIn();
    const data: Data = { bookings: [buildMyBooking()] };
    const calls = serve(data, {
      'PUT /api/bookings/mb1/cancel': () => {
        data.bookings = [buildMyBooking({ status: 'CANCELLED' })];
        return okEnvelope(data.bookings[0], 'Booking cancelled successfully');
      },
    });
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('tab', { name: 'My Bookings (1)' }));
    await user.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Cancel Booking' }));

    expect(
      await screen.findByText('Network error. Please check your connection and try again.'),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'My Bookings (1)' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    net.offline = false;
    await user.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Cancel Booking' }));
    const prompt = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await user.click(within(prompt).getByRole('button', { name: 'Cancel Booking' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'My Bookings (0)' })).toBeTruthy());
  });
});
