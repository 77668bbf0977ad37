import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, okEnvelope, renderScreen, signIn } from '@/test/render';
import type { Booking, Ride } from '@saathchalo/shared';
import { buildBooking, buildMyBooking, buildRide } from './fixtures';
import { DashboardScreen } from './dashboard-screen';

interface Data {
  rides?: Ride[];
  bookings?: Booking[];
  requests?: Booking[];
}

/** A fake server: lists read from `data` at each call (handlers may change it); `hold` leaves later reads unanswered. */
function serve(data: Data = {}, extra: Parameters<typeof mockFetch>[0] = {}, hold = { on: false }) {
  const answer = (list: () => unknown) => () =>
    hold.on ? new Promise<Response>(() => {}) : okEnvelope(list());
  return mockFetch({
    'GET /api/rides/my-rides': answer(() => data.rides ?? []),
    'GET /api/bookings/my-bookings': answer(() => data.bookings ?? []),
    'GET /api/bookings/my-ride-bookings': answer(() => data.requests ?? []),
    ...extra,
  });
}

const renderDashboard = () => renderScreen(<DashboardScreen />, { route: '/dashboard' });

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

  it('lists confirmed passengers under a ride, and the completed ride with Rate Passenger', async () => {
    signIn();
    serve({
      rides: [
        buildRide({
          id: 'r1',
          bookedSeats: 2,
          passengers: [
            buildBooking(),
            buildBooking({
              id: 'b3',
              status: 'PENDING',
              passengerName: 'Pending Person',
              passenger: { id: 'p3', name: 'Pending Person', phone: null },
            }),
          ],
        }),
        buildRide({ id: 'r2', from: 'Thane', status: 'ACTIVE' }),
        buildRide({
          id: 'r3',
          from: 'Nagpur',
          status: 'COMPLETED',
          passengers: [
            buildBooking({
              id: 'b4',
              rideId: 'r3',
              status: 'COMPLETED',
              passenger: { id: 'p4', name: '', phone: null },
              passengerName: '',
              passengerId: 'p4',
            }),
          ],
        }),
      ],
    });
    renderDashboard();
    const cards = await screen.findAllByRole('listitem', { name: /→|to/ });
    const [first, second, third] = cards.filter(
      (c) => c.tagName === 'LI' && c.getAttribute('aria-labelledby')?.startsWith('my-ride-'),
    );
    expect(within(first!).getByText('Confirmed passengers:')).toBeTruthy();
    expect(within(first!).getByText('Kiran Rao')).toBeTruthy();
    expect(within(first!).getByText(/2 seats · ₹900/)).toBeTruthy();
    expect(within(first!).getByRole('link', { name: '9123456780' }).getAttribute('href')).toBe(
      'tel:9123456780',
    );
    expect(within(first!).getByText('CONFIRMED')).toBeTruthy();
    expect(within(first!).queryByText('Pending Person')).toBeNull();
    expect(within(second!).getByText('No passengers have booked this ride yet')).toBeTruthy();
    expect(within(third!).getByText('Passengers on this ride:')).toBeTruthy();
    expect(within(third!).getByText('Passenger')).toBeTruthy();
    expect(within(third!).getByRole('button', { name: 'Rate Passenger Passenger' })).toBeTruthy();
    expect(within(third!).queryByText('No passengers have booked this ride yet')).toBeNull();
  });

  it('shows a ride in the details dialog', async () => {
    signIn();
    serve({ rides: [buildRide({ additionalInfo: 'No smoking' })] });
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Show Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ride Details' });
    expect(within(dialog).getByText('No smoking')).toBeTruthy();
    expect(within(dialog).getByText('₹450')).toBeTruthy();
  });

  it('offers the status changes of the rules, confirms first, and maps a refusal', async () => {
    signIn();
    const calls = serve(
      {
        rides: [
          buildRide(),
          buildRide({ id: 'r2', from: 'Thane', status: 'COMPLETED' }),
          buildRide({ id: 'r3', from: 'Satara', status: 'CANCELLED', departureDate: '2020-01-01' }),
        ],
      },
      {
        'PUT /api/rides/r1/status': () =>
          json({ success: false, error: 'Cannot mark future rides as completed' }, 409),
      },
    );
    const user = userEvent.setup();
    renderDashboard();

    await user.click(await screen.findByRole('button', { name: 'Manage ride from Thane to Mumbai' }));
    let menu = await screen.findByRole('menu');
    expect(
      within(menu).queryByRole('menuitem', { name: /Completed|Cancel Ride|Reactivate|Edit/ }),
    ).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Delete Ride' })).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Manage ride from Satara to Mumbai' }));
    menu = await screen.findByRole('menu');
    expect(within(menu).queryByRole('menuitem', { name: 'Reactivate Ride' })).toBeNull();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Manage ride from Pune to Mumbai' }));
    menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Edit Ride' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Cancel Ride' })).toBeTruthy();
    await user.click(within(menu).getByRole('menuitem', { name: 'Mark as Completed' }));
    const prompt = await screen.findByRole('dialog', { name: 'Mark ride as completed?' });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(within(prompt).getByRole('button', { name: 'Mark as Completed' }));
    expect(
      (
        await screen.findAllByText(
          'Cannot mark future rides as completed. Please wait until after the departure time.',
        )
      ).length,
    ).toBeGreaterThan(0);
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(new URL(put.url).searchParams.get('status')).toBe('COMPLETED');
  });

  it('cancelling a ride also cancels its requests locally', async () => {
    signIn();
    const hold = { on: false };
    serve(
      { rides: [buildRide()], requests: [buildBooking({ status: 'PENDING' })] },
      {
        'PUT /api/rides/r1/status': () => {
          hold.on = true; // the lists shown next are the local update, not a reload
          return okEnvelope(buildRide({ status: 'CANCELLED' }), 'Ride cancelled successfully');
        },
      },
      hold,
    );
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Manage ride from Pune to Mumbai' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Cancel Ride' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this ride?' })).getByRole('button', {
        name: 'Cancel Ride',
      }),
    );
    await waitFor(() => expect(screen.getAllByText('CANCELLED').length).toBeGreaterThan(0));
    await user.click(screen.getByRole('tab', { name: /Ride Requests/ }));
    expect(within(screen.getByRole('tabpanel')).getByText('CANCELLED')).toBeTruthy();
  });

  it('deletes a ride after confirmation, and reports a failure', async () => {
    signIn();
    serve({ rides: [buildRide()] }, { 'DELETE /api/rides/r1': () => json({ success: false }, 500) });
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Manage ride from Pune to Mumbai' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Delete Ride' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this ride?' })).getByRole('button', {
        name: 'Delete Ride',
      }),
    );
    expect((await screen.findAllByText('Failed to delete ride')).length).toBeGreaterThan(0);
  });

  it('cancels a booking after confirmation and removes it from the list', async () => {
    signIn();
    const data: Data = { bookings: [buildMyBooking()] };
    const calls = serve(data, {
      'PUT /api/bookings/mb1/cancel': () => {
        data.bookings = [buildMyBooking({ status: 'CANCELLED' })]; // the server keeps it as history
        return okEnvelope(buildMyBooking({ status: 'CANCELLED' }), 'Booking cancelled successfully');
      },
    });
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('tab', { name: 'My Bookings (1)' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('CONFIRMED')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Contact Driver' }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/919812345678\?text=/,
    );
    expect(within(panel).queryByRole('button', { name: 'Rate Driver' })).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Cancel Booking' }));
    const prompt = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await user.click(within(prompt).getByRole('button', { name: 'Keep Booking' }));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.click(within(panel).getByRole('button', { name: 'Cancel Booking' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this booking?' })).getByRole('button', {
        name: 'Cancel Booking',
      }),
    );
    await waitFor(() => expect(screen.getByRole('tab', { name: 'My Bookings (0)' })).toBeTruthy());
    expect(calls.some((c) => c.method === 'PUT' && c.url.endsWith('/api/bookings/mb1/cancel'))).toBe(true);
    expect(within(panel).getByRole('link', { name: 'Find a Ride' })).toBeTruthy();
    expect(within(panel).queryByText('CONFIRMED')).toBeNull();
    const more = await within(panel).findByRole('button', { name: 'Show cancelled bookings (1)' });
    await user.click(more);
    expect(within(panel).getByText('CANCELLED')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Cancel Booking' })).toBeNull();
  });

  it('confirms and rejects ride requests after confirmation', async () => {
    signIn();
    const meera = buildBooking({
      id: 'b2',
      status: 'PENDING',
      passengerName: 'Meera',
      passenger: { id: 'p2', name: 'Meera', phone: null },
    });
    const data: Data = { requests: [buildBooking({ id: 'b1', status: 'PENDING' }), meera] };
    const calls = serve(data, {
      'PUT /api/bookings/b1/confirm': () => {
        data.requests = [buildBooking({ id: 'b1', status: 'CONFIRMED' }), meera];
        return okEnvelope(data.requests[0], 'Booking confirmed successfully');
      },
      'PUT /api/bookings/b2/cancel': () => json({ success: false }, 500),
    });
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('tab', { name: 'Ride Requests (2)' }));
    const card = (name: string) => screen.getByRole('listitem', { name });
    expect(within(card('Kiran Rao')).getByRole('link', { name: 'Contact Passenger' })).toBeTruthy();

    await user.click(within(card('Kiran Rao')).getByRole('button', { name: 'Confirm' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Accept this booking request?' })).getByRole(
        'button',
        { name: 'Confirm' },
      ),
    );
    await waitFor(() => expect(within(card('Kiran Rao')).getByText('CONFIRMED')).toBeTruthy());
    expect(within(card('Kiran Rao')).queryByRole('button', { name: 'Reject' })).toBeNull();

    await user.click(within(card('Meera')).getByRole('button', { name: 'Reject' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Reject this booking request?' })).getByRole(
        'button',
        { name: 'Reject' },
      ),
    );
    expect((await screen.findAllByText('Failed to reject booking')).length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.method === 'PUT').map((c) => new URL(c.url).pathname)).toEqual([
      '/api/bookings/b1/confirm',
      '/api/bookings/b2/cancel',
    ]);
  });

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

  it('edits a ride with the rules of section 5', async () => {
    signIn();
    let body: unknown;
    serve(
      { rides: [buildRide({ bookedSeats: 2, availableSeats: 1 })] },
      {
        'PUT /api/rides/r1/update': async (req) => {
          body = await req.json();
          return okEnvelope(buildRide({ pricePerSeat: 500 }), 'Ride updated successfully');
        },
      },
    );
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Manage ride from Pune to Mumbai' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Edit Ride' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ride' });
    await user.selectOptions(within(dialog).getByLabelText('Total Seats'), '1');
    const price = within(dialog).getByLabelText('Price per Seat (₹)');
    await user.clear(price);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(
      await within(dialog).findByText('Total seats cannot be less than the seats already booked'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Please enter a valid price per seat')).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Total Seats'), '4');
    await user.type(price, '500');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Ride' })).toBeNull());
    expect(body).toMatchObject({ passengers: 4, pricePerSeat: 500, from: 'Pune', to: 'Mumbai' });
  });

  it('returns focus to the ride menu after a dialog opened from it, and to the tab when the ride is gone', async () => {
    signIn();
    const data: Data = { rides: [buildRide()] };
    serve(data, {
      'DELETE /api/rides/r1': () => {
        data.rides = [];
        return okEnvelope(null, 'Ride deleted successfully');
      },
    });
    const user = userEvent.setup();
    renderDashboard();
    const trigger = await screen.findByRole('button', { name: 'Manage ride from Pune to Mumbai' });
    await user.click(trigger);
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Edit Ride' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ride' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(trigger));

    await user.click(trigger);
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Delete Ride' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this ride?' })).getByRole('button', {
        name: 'Delete Ride',
      }),
    );
    await screen.findByRole('link', { name: 'Offer Your First Ride' });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'My Rides (0)' })),
    );
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

  it('shows the rating failure texts', async () => {
    signIn();
    serve(
      { bookings: [buildMyBooking({ status: 'COMPLETED' })] },
      { 'POST /api/ratings': () => json({ success: false }, 500) },
    );
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('tab', { name: 'My Bookings (1)' }));
    await user.click(screen.getByRole('button', { name: 'Rate Driver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate your experience' });
    await user.click(within(dialog).getByRole('radio', { name: 'Excellent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Submit Rating' }));
    expect(await within(dialog).findByText('Failed to submit rating')).toBeTruthy();
    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await user.click(within(dialog).getByRole('button', { name: 'Submit Rating' }));
    expect(await within(dialog).findByText('Failed to submit rating. Please try again.')).toBeTruthy();
  });

  it('asks a signed-out visitor to log in', () => {
    const calls = serve();
    renderDashboard();
    expect(screen.getByRole('heading', { name: 'Please login to access dashboard' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/signin');
    expect(calls).toHaveLength(0);
  });
});
