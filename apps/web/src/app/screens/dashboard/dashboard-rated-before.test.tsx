import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ERR, ERR_CODE } from '@saathchalo/shared';
import { json, signIn } from '@/test/render';
import { rateDriverExcellent, renderDashboard, serve } from './dashboard-testing';
import { buildMyBooking } from './fixtures';

describe('Dashboard: a driver rated in an earlier visit', () => {
  it("shows the server's refusal of a second rating, then marks the booking Rated instead of offering it again", async () => {
    signIn();
    let posts = 0;
    serve(
      { bookings: [buildMyBooking({ status: 'COMPLETED' })] },
      {
        'POST /api/ratings': () => {
          posts += 1;
          return json(
            {
              success: false,
              data: null,
              message: ERR.alreadyRated,
              error: ERR.alreadyRated,
              code: ERR_CODE.alreadyRated,
            },
            409,
          );
        },
      },
    );
    const user = userEvent.setup();
    renderDashboard();
    const dialog = await rateDriverExcellent(user);
    expect(await within(dialog).findByText('You have already rated this person for this ride')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rate your experience' })).toBeNull());
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('Rated')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Rate Driver' })).toBeNull();
    expect(posts).toBe(1);
  });
});

describe('Dashboard: what the server says was rated', () => {
  it('shows Rated, not Rate Driver, for a completed booking whose driver the passenger rated before the reload', async () => {
    signIn();
    serve({
      bookings: [
        buildMyBooking({ id: 'b-rated', status: 'COMPLETED', ratedByMe: true }),
        buildMyBooking({ id: 'b-not-yet', status: 'COMPLETED', ratedByMe: false }),
      ],
    });
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('tab', { name: 'My Bookings (2)' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getAllByText('Rated')).toHaveLength(1);
    expect(within(panel).getAllByRole('button', { name: 'Rate Driver' })).toHaveLength(1);
  });
});
