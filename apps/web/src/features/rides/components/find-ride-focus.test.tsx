import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, okEnvelope, renderScreen, signIn } from '@/test/render';
import { buildRide } from '../testing/fixtures';
import { FindRideScreen } from './find-ride-screen';

const driver = { ...buildRide().driver, id: 'd7', name: 'Ravi Kumar' };
const profile = {
  id: 'd7',
  name: 'Ravi Kumar',
  firstName: 'Ravi',
  location: null,
  bio: null,
  profilePictureUrl: null,
  rating: 0,
  ratingCount: 0,
  ridesOffered: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  emailVerified: true,
  phoneVerified: false,
  stats: { ridesCompleted: 0, driverCancellations: 0, cancellationRate: 0 },
  phone: null,
};

function renderResults() {
  signIn();
  mockFetch({
    'GET /api/rides/search': () => okEnvelope([buildRide({ driver })]),
    'GET /api/users/d7': () => okEnvelope(profile),
  });
  renderScreen(<FindRideScreen />, { route: '/find-ride?from=Pune&to=Mumbai&date=2030-06-15' });
  return userEvent.setup();
}

/** Closing a dialog puts the keyboard back on what opened it, not on the top of the page. */
describe('Find Ride: focus after a dialog closes', () => {
  it('returns to Book Ride when the booking dialog is closed with Escape', async () => {
    const user = renderResults();
    const book = await screen.findByRole('button', { name: 'Book Ride' });
    await user.click(book);
    await screen.findByRole('dialog', { name: 'Book Ride' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(book));
  });

  it("returns to Report inside the driver's profile, then to the driver's name", async () => {
    const user = renderResults();
    const name = await screen.findByRole('button', { name: 'Ravi Kumar, view profile' });
    await user.click(name);
    const dialog = await screen.findByRole('dialog', { name: 'Ravi Kumar' });
    const report = await within(dialog).findByRole('button', { name: 'Report Ravi' });
    await user.click(report);
    const form = await screen.findByRole('dialog', { name: 'Report Ravi' });
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(report));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(name));
  });
});
