import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, okEnvelope, renderScreen, signIn } from '@/test/render';
import { DashboardScreen } from './dashboard-screen';
import { renderDashboard, serve, type Data } from './dashboard-testing';
import { buildBooking, buildMyBooking, buildRide } from './fixtures';

describe('Dashboard', () => {
  it('greets by first name, then name, then "User", with the subtitle and buttons', async () => {
    signIn();
    serve();
    const { unmount } = renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Asha!' })).toBeTruthy();
    expect(screen.getByText('Manage your rides and bookings')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find a Ride' }).getAttribute('href')).toBe('/find-ride');
    expect(screen.getByRole('link', { name: 'Offer Ride' }).getAttribute('href')).toBe('/offer-ride');
    unmount();

    signIn({ firstName: '', name: 'Asha V' });
    serve();
    const second = renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Asha V!' })).toBeTruthy();
    second.unmount();

    signIn({ firstName: '', name: '' });
    serve();
    renderDashboard();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, User!' })).toBeTruthy();
  });

  it('opens on the tab a link names (?tab=bookings after booking), else on My Rides', async () => {
    signIn();
    serve({ bookings: [buildMyBooking()] });
    const first = renderScreen(<DashboardScreen />, { route: '/dashboard?tab=bookings' });
    const bookings = await screen.findByRole('tab', { name: 'My Bookings (1)' });
    expect(bookings.getAttribute('aria-selected')).toBe('true');
    expect(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'Cancel Booking' })).toBeTruthy();
    first.unmount();

    serve({ bookings: [buildMyBooking()] });
    renderScreen(<DashboardScreen />, { route: '/dashboard?tab=nonsense' });
    const rides = await screen.findByRole('tab', { name: 'My Rides (0)' });
    expect(rides.getAttribute('aria-selected')).toBe('true');
  });

  it('shows the counts, stats and three tabs with My Rides first', async () => {
    signIn({ rating: 4.5 });
    serve(
      {
        rides: [buildRide(), buildRide({ id: 'r2', from: 'Thane' })],
        bookings: [buildMyBooking()],
        requests: [buildBooking(), buildBooking({ id: 'b2', status: 'PENDING' })],
      },
      // The stored session says 4.5; the server knows of a newer rating.
      { 'GET /api/users/profile': () => okEnvelope({ id: 'u1', rating: 4.8, ratingCount: 3 }) },
    );
    renderDashboard();
    const rides = await screen.findByRole('tab', { name: 'My Rides (2)' });
    expect(rides.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'My Bookings (1)' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Ride Requests (2)' })).toBeTruthy();
    expect(screen.getByTestId('summary').textContent).toBe('2 rides · 3 bookings');
    const stats = screen.getByText('Rides Offered').parentElement!.parentElement!;
    expect(within(stats).getByText('Bookings Made')).toBeTruthy();
    expect(within(stats).getByText('Rating')).toBeTruthy();
    expect(await within(stats).findByText('4.8 ★')).toBeTruthy();
  });

  it('shows a spinner while loading, then the error banner on failure', async () => {
    signIn();
    serve({}, { 'GET /api/rides/my-rides': () => json({ success: false, error: 'Boom' }, 500) });
    renderDashboard();
    expect(screen.getByText('Loading your rides and bookings')).toBeTruthy();
    expect(await screen.findByText('Failed to load dashboard data. Please try again.')).toBeTruthy();
  });

  it('empties the ride requests when they fail to load, without a banner', async () => {
    signIn();
    serve({}, { 'GET /api/bookings/my-ride-bookings': () => json({ success: false }, 500) });
    renderDashboard();
    expect(await screen.findByRole('tab', { name: 'Ride Requests (0)' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the empty states with their actions', async () => {
    signIn();
    serve();
    const user = userEvent.setup();
    renderDashboard();
    expect((await screen.findByRole('link', { name: 'Offer Your First Ride' })).getAttribute('href')).toBe(
      '/offer-ride',
    );
    await user.click(screen.getByRole('tab', { name: 'My Bookings (0)' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('link', { name: 'Find a Ride' }).getAttribute('href')).toBe('/find-ride');
    await user.click(screen.getByRole('tab', { name: 'Ride Requests (0)' }));
    expect(screen.getByText('No ride requests yet')).toBeTruthy();
    expect(screen.getByText('Passengers will appear here when they book your rides')).toBeTruthy();
  });

  it('reports a failed refresh', async () => {
    signIn();
    const data: Data = {};
    serve(data, {
      'GET /api/bookings/my-bookings': () => (data.rides ? json({ success: false }, 500) : okEnvelope([])),
    });
    const user = userEvent.setup();
    renderDashboard();
    await screen.findByRole('tab', { name: 'My Rides (0)' });
    data.rides = [buildRide()];
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect((await screen.findAllByText('Failed to refresh data')).length).toBeGreaterThan(0);
    expect(screen.getByRole('tab', { name: 'My Rides (1)' })).toBeTruthy();
  });

  it('asks a signed-out visitor to log in', () => {
    const calls = serve();
    renderDashboard();
    expect(screen.getByRole('heading', { name: 'Please login to access dashboard' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/signin');
    expect(calls).toHaveLength(0);
  });
});
