import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, signIn } from '@/test/render';
import { rateDriverExcellent, renderDashboard, serve } from './dashboard-testing';
import { buildMyBooking } from './fixtures';

describe('Dashboard: ratings', () => {
  it('rates the driver of a completed booking with the five labels', async () => {
    signIn();
    let body: unknown;
    serve(
      { bookings: [buildMyBooking({ status: 'COMPLETED' })] },
      {
        'POST /api/ratings': async (req) => {
          body = await req.json();
          return json(
            { success: true, data: {}, message: 'Rating submitted successfully', error: null },
            201,
          );
        },
      },
    );
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('tab', { name: 'My Bookings (1)' }));
    expect(within(screen.getByRole('tabpanel')).queryByRole('button', { name: 'Cancel Booking' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Rate Driver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate your experience' });
    for (const label of ['Poor', 'Fair', 'Good', 'Very Good', 'Excellent']) {
      expect(within(dialog).getByRole('radio', { name: label })).toBeTruthy();
    }
    await user.click(within(dialog).getByRole('button', { name: 'Submit Rating' }));
    expect(await within(dialog).findByText('Please select a rating')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'Very Good' }));
    await user.type(within(dialog).getByLabelText('Comment (optional)'), 'Smooth drive');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Rating' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rate your experience' })).toBeNull());
    expect(body).toEqual({ rating: 4, comment: 'Smooth drive', rideId: 'r7', rateeId: 'd7' });
    expect(screen.getByText('Rated')).toBeTruthy();
  });

  it('shows the rating failure texts', async () => {
    signIn();
    serve(
      { bookings: [buildMyBooking({ status: 'COMPLETED' })] },
      { 'POST /api/ratings': () => json({ success: false }, 500) },
    );
    const user = userEvent.setup();
    renderDashboard();
    const dialog = await rateDriverExcellent(user);
    expect(await within(dialog).findByText('Failed to submit rating')).toBeTruthy();
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await user.click(within(dialog).getByRole('button', { name: 'Submit Rating' }));
    expect(await within(dialog).findByText('Failed to submit rating. Please try again.')).toBeTruthy();
  });
});
