import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/format';
import { signIn } from '@/test/render';
import { renderDashboard, serve } from './dashboard-testing';
import { buildBooking, buildMyBooking } from './fixtures';

/** Boarding at Mandya after midnight on a ride that leaves Bengaluru at 23:00 the day before. */
const afterMidnight = {
  fromStop: 1,
  toStop: 2,
  pickup: { place: 'Mandya', date: '2030-06-16', time: '00:30' },
  drop: { place: 'Mysuru', date: '2030-06-16', time: '01:20' },
};
const ride = { ...buildBooking().ride, from: 'Bengaluru', to: 'Mysuru', departureTime: '23:00' };

describe('Dashboard: a pickup on the day after the departure', () => {
  it('names the day of the pickup and the drop, not only their hour', async () => {
    signIn();
    serve({
      bookings: [Object.assign(buildMyBooking({ ride: { ...ride, id: 'r7' } }), afterMidnight)],
      requests: [Object.assign(buildBooking({ ride, status: 'PENDING' }), afterMidnight)],
    });
    const next = formatDate('2030-06-16');
    const expected = `Pickup → drop: Mandya, ${next}, 12:30 am →to Mysuru, ${next}, 1:20 am`;
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('tab', { name: 'My Bookings (1)' }));
    expect(within(screen.getByRole('tabpanel')).getByTestId('pickup-drop').textContent).toBe(expected);
    await user.click(screen.getByRole('tab', { name: 'Ride Requests (1)' }));
    expect(within(screen.getByRole('tabpanel')).getByTestId('pickup-drop').textContent).toBe(expected);
  });
});
