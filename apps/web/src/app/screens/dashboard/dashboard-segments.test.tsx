import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { okEnvelope, signIn } from '@/test/render';
import { openEditRide, renderDashboard, serve } from './dashboard-testing';
import { buildBooking, buildMyBooking, buildRide } from './fixtures';

/** A booking from Mandya to Mysuru on a ride Bengaluru → Mandya → Mysuru (CONTRACT section 7). */
const segment = {
  fromStop: 1,
  toStop: 2,
  pickup: { place: 'Mandya', date: '2030-06-15', time: '09:10' },
  drop: { place: 'Mysuru', date: '2030-06-15', time: '10:00' },
};
const ride = { ...buildBooking().ride, from: 'Bengaluru', to: 'Mysuru', departureTime: '08:00' };

describe('Dashboard: segments of rides with stops', () => {
  it("shows the passenger's pickup → drop on My Bookings and on the driver's Ride Requests", async () => {
    signIn();
    serve({
      bookings: [Object.assign(buildMyBooking({ ride: { ...ride, id: 'r7' } }), segment)],
      requests: [Object.assign(buildBooking({ ride, status: 'PENDING' }), segment)],
    });
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('tab', { name: 'My Bookings (1)' }));
    expect(within(screen.getByRole('tabpanel')).getByTestId('pickup-drop').textContent).toBe(
      'Pickup → drop: Mandya, 9:10 am →to Mysuru, 10:00 am',
    );
    await user.click(screen.getByRole('tab', { name: 'Ride Requests (1)' }));
    expect(within(screen.getByRole('tabpanel')).getByTestId('pickup-drop').textContent).toBe(
      'Pickup → drop: Mandya, 9:10 am →to Mysuru, 10:00 am',
    );
  });

  it('says nothing more for a booking of the whole route', async () => {
    signIn();
    serve({
      bookings: [
        Object.assign(buildMyBooking(), {
          fromStop: 0,
          toStop: 1,
          pickup: { place: 'Nashik', date: '2030-06-15', time: '08:30' },
          drop: { place: 'Pune', date: '2030-06-15', time: '11:00' },
        }),
      ],
    });
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('tab', { name: 'My Bookings (1)' }));
    expect(within(screen.getByRole('tabpanel')).queryByTestId('pickup-drop')).toBeNull();
  });

  it("draws the driver's route with its stops in the ride details", async () => {
    signIn();
    const stops = [
      {
        index: 0,
        place: 'Bengaluru',
        time: '08:00',
        date: '2030-06-15',
        lat: 12.97,
        lng: 77.59,
        estimated: false,
        seatsToNext: 3,
      },
      {
        index: 1,
        place: 'Mandya',
        time: '09:10',
        date: '2030-06-15',
        lat: 12.52,
        lng: 76.9,
        estimated: true,
        seatsToNext: 3,
      },
      {
        index: 2,
        place: 'Mysuru',
        time: '10:00',
        date: '2030-06-15',
        lat: 12.3,
        lng: 76.64,
        estimated: false,
        seatsToNext: null,
      },
    ];
    serve(
      {
        rides: [Object.assign(buildRide({ from: 'Bengaluru', to: 'Mysuru' }), { stops, distanceKm: 127.6 })],
      },
      { 'GET /api/config': () => okEnvelope({ mapTilesUrl: null, mapAttribution: null }) },
    );
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Show Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ride Details' });
    expect(within(dialog).getByRole('img', { name: /^Route: Bengaluru → Mandya → Mysuru/ })).toBeTruthy();
    expect(within(dialog).getByText('Mandya, 9:10 am (estimated)')).toBeTruthy();
    expect(within(dialog).getByText('128 km')).toBeTruthy();
  });

  it('edits the stops of a ride: its stops are in the form, an estimated time stays empty, the new order is sent', async () => {
    signIn();
    let body: { stops?: unknown } = {};
    const stops = [
      {
        index: 0,
        place: 'Bengaluru',
        time: '08:00',
        date: '2030-06-15',
        lat: 12.97,
        lng: 77.59,
        estimated: false,
        seatsToNext: 3,
      },
      {
        index: 1,
        place: 'Maddur',
        time: '08:50',
        date: '2030-06-15',
        lat: 12.58,
        lng: 77.04,
        estimated: false,
        seatsToNext: 3,
      },
      {
        index: 2,
        place: 'Mandya',
        time: '09:10',
        date: '2030-06-15',
        lat: 12.52,
        lng: 76.9,
        estimated: true,
        seatsToNext: 3,
      },
      {
        index: 3,
        place: 'Mysuru',
        time: '10:00',
        date: '2030-06-15',
        lat: 12.3,
        lng: 76.64,
        estimated: false,
        seatsToNext: null,
      },
    ];
    serve(
      { rides: [Object.assign(buildRide({ from: 'Bengaluru', to: 'Mysuru' }), { stops, distanceKm: 128 })] },
      {
        'GET /api/places': () => okEnvelope([]),
        'PUT /api/rides/r1/update': async (req) => {
          body = (await req.json()) as typeof body;
          return okEnvelope(buildRide(), 'Ride updated successfully');
        },
      },
    );
    const user = userEvent.setup();
    renderDashboard();
    const dialog = await openEditRide(user, 'Bengaluru to Mysuru');
    expect((within(dialog).getByRole('combobox', { name: 'Stop 1' }) as HTMLInputElement).value).toBe(
      'Maddur',
    );
    expect((within(dialog).getByLabelText('Stop 1 time (optional)') as HTMLInputElement).value).toBe('08:50');
    expect((within(dialog).getByRole('combobox', { name: 'Stop 2' }) as HTMLInputElement).value).toBe(
      'Mandya',
    );
    expect((within(dialog).getByLabelText('Stop 2 time (optional)') as HTMLInputElement).value).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Remove stop 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Ride' })).toBeNull());
    expect(body.stops).toEqual([{ place: 'Mandya', time: null }]);
  });
});
