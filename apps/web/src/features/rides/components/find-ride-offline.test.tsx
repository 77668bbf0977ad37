import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, okEnvelope, renderScreen, signIn } from '@/test/render';
import { buildRide } from '../testing/fixtures';
import { FindRideScreen } from './find-ride-screen';

/** The search's checks load on first use; the phone lost its connection after the page had come. */
const net = vi.hoisted(() => ({
  offline: true,
  bookingOffline: false,
  dialogsOffline: false,
  unreachable: () => new TypeError('Failed to fetch dynamically imported module'),
}));
vi.mock('../validation/search', async (original) => {
  if (net.offline) throw net.unreachable();
  return original();
});
vi.mock('@/features/bookings/components/book-ride-dialog', async (original) => {
  if (net.bookingOffline) throw net.unreachable();
  return original();
});
vi.mock('@/features/safety/components/public-profile-dialog', async (original) => {
  if (net.dialogsOffline) throw net.unreachable();
  return original();
});
vi.mock('@/features/commutes/components/book-every-ride-dialog', async (original) => {
  if (net.dialogsOffline) throw net.unreachable();
  return original();
});

const NETWORK = 'Network error. Please check your connection and try again.';

describe('Find Ride with the connection gone', () => {
  it('says so on Search Rides instead of doing nothing, and searches once the connection is back', async () => {
    signIn();
    mockFetch({ 'GET /api/places': () => okEnvelope([]), 'GET /api/rides/search': () => okEnvelope([]) });
    renderScreen(<FindRideScreen />, { route: '/find-ride' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('From'), 'Pune');
    await user.type(screen.getByLabelText('To'), 'Mumbai');
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-06-15' } });
    await user.click(screen.getByRole('button', { name: 'Search Rides' }));
    expect(
      await screen.findByText('Network error. Please check your connection and try again.'),
    ).toBeTruthy();

    net.offline = false;
    await user.click(screen.getByRole('button', { name: 'Search Rides' }));
    expect(await screen.findByText('0 rides found')).toBeTruthy();
    expect(screen.queryByText('Network error. Please check your connection and try again.')).toBeNull();
  });

  it('Book Ride tapped offline says so and keeps the results; online again, the dialog opens', async () => {
    signIn();
    net.offline = false;
    net.bookingOffline = true;
    mockFetch({ 'GET /api/rides/search': () => okEnvelope([buildRide()]) });
    renderScreen(<FindRideScreen />, { route: '/find-ride?from=Pune&to=Mumbai&date=2030-06-15' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Book Ride' }));
    expect(
      await screen.findByText('Network error. Please check your connection and try again.'),
    ).toBeTruthy();
    expect(screen.getByText('1 ride found')).toBeTruthy();

    net.bookingOffline = false;
    await user.click(screen.getByRole('button', { name: 'Book Ride' }));
    expect(await screen.findByRole('dialog', { name: 'Book Ride' })).toBeTruthy();
  });

  it.each([
    ['the driver’s profile', 'Ravi Kumar, view profile', 'Ravi Kumar'],
    ['Book every ride', 'Book every ride', 'Book every ride'],
  ])('%s tapped offline says so and keeps the results; online again, it opens', async (_, button, dialog) => {
    signIn();
    net.offline = false;
    net.dialogsOffline = true;
    const ride = buildRide({
      driver: { ...buildRide().driver, id: 'd7', name: 'Ravi Kumar' },
      commuteId: 'c1',
      direction: 'OUTBOUND',
      days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
    });
    mockFetch({
      'GET /api/rides/search': () => okEnvelope([ride]),
      // The dialogs' own calls stay on their way: only whether a dialog opens is at stake.
      'GET /api/users/d7': () => new Promise<Response>(() => {}),
      'GET /api/commutes/c1': () => new Promise<Response>(() => {}),
    });
    renderScreen(<FindRideScreen />, { route: '/find-ride?from=Pune&to=Mumbai&date=2030-06-15' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: button }));
    expect(await screen.findByText(NETWORK)).toBeTruthy();
    expect(screen.getByText('1 ride found')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();

    net.dialogsOffline = false;
    await user.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByRole('dialog', { name: dialog })).toBeTruthy();
    expect(screen.queryByText(NETWORK)).toBeNull();
  });
});
