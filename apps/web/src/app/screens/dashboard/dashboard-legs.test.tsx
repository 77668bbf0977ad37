import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Ride } from '@saathchalo/shared';
import { bengaluruMysuruStops } from '@/test/ride-fixtures';
import { okEnvelope, signIn } from '@/test/render';
import { renderDashboard, serve, type Data } from './dashboard-testing';
import { buildBooking, buildRide } from './fixtures';

/** Bengaluru → Mandya → Mysuru with 4 seats, and the seats left on each leg. */
const rideWithLegs = (toMandya: number, toMysuru: number): Ride =>
  Object.assign(
    buildRide({
      from: 'Bengaluru',
      to: 'Mysuru',
      totalSeats: 4,
      availableSeats: Math.min(toMandya, toMysuru),
      bookedSeats: 4 - Math.min(toMandya, toMysuru),
    }),
    {
      stops: [
        { ...bengaluruMysuruStops[0]!, seatsToNext: toMandya },
        { ...bengaluruMysuruStops[1]!, seatsToNext: toMysuru },
        bengaluruMysuruStops[2]!,
      ],
      distanceKm: 128,
    },
  );

describe('Dashboard: seats left on each leg of a ride with stops', () => {
  it("shows the driver each leg's free seats in the ride details, as they are after a reject", async () => {
    signIn();
    // Kiran holds 2 seats to Mandya, Meera asks for 1 from Mandya to Mysuru.
    const meera = Object.assign(
      buildBooking({
        id: 'b2',
        status: 'PENDING',
        seatsBooked: 1,
        totalAmount: 88,
        passengerName: 'Meera',
        passenger: { id: 'p2', name: 'Meera', phone: null },
      }),
      {
        fromStop: 1,
        toStop: 2,
        pickup: { place: 'Mandya', date: '2030-06-15', time: '09:10' },
        drop: { place: 'Mysuru', date: '2030-06-15', time: '10:00' },
      },
    );
    const data: Data = { rides: [rideWithLegs(2, 3)], requests: [meera] };
    serve(data, {
      'GET /api/config': () => okEnvelope({ mapTilesUrl: null, mapAttribution: null }),
      'PUT /api/bookings/b2/cancel': () => {
        data.rides = [rideWithLegs(2, 4)];
        data.requests = [{ ...meera, status: 'CANCELLED', cancelReason: 'DRIVER' }];
        return okEnvelope(data.requests[0], 'Booking cancelled successfully');
      },
    });
    const user = userEvent.setup();
    renderDashboard();

    await user.click(await screen.findByRole('button', { name: 'Show Details' }));
    let dialog = await screen.findByRole('dialog', { name: 'Ride Details' });
    expect(within(dialog).getByText('Seats left per leg').nextSibling?.textContent).toBe(
      'Bengaluru → Mandya: 2 · Mandya → Mysuru: 3',
    );
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('tab', { name: 'Ride Requests (1)' }));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Reject this booking request?' })).getByRole(
        'button',
        { name: 'Reject' },
      ),
    );
    await waitFor(() => expect(screen.getByText('CANCELLED')).toBeTruthy());

    await user.click(screen.getByRole('tab', { name: /^My Rides/ }));
    await user.click(await screen.findByRole('button', { name: 'Show Details' }));
    dialog = await screen.findByRole('dialog', { name: 'Ride Details' });
    await waitFor(() =>
      expect(within(dialog).getByText('Seats left per leg').nextSibling?.textContent).toBe(
        'Bengaluru → Mandya: 2 · Mandya → Mysuru: 4',
      ),
    );
  });
});
