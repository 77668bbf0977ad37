import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bengaluruMysuruStops } from '@/test/ride-fixtures';
import { signIn } from '@/test/render';
import { renderDashboard, serve } from './dashboard-testing';
import { buildBooking, buildRide } from './fixtures';

const [bengaluru, mandya, mysuru] = bengaluruMysuruStops.map(({ place, date, time }) => ({
  place,
  date,
  time,
}));

describe('Dashboard: the passengers under a ride with stops', () => {
  it('says where each confirmed passenger boards and leaves', async () => {
    signIn();
    const ride = Object.assign(buildRide({ from: 'Bengaluru', to: 'Mysuru', departureTime: '08:00' }), {
      stops: bengaluruMysuruStops,
      distanceKm: 128,
    });
    const onRide = { ...buildBooking().ride, from: 'Bengaluru', to: 'Mysuru', stops: bengaluruMysuruStops };
    ride.passengers = [
      buildBooking({
        ride: onRide,
        seatsBooked: 2,
        totalAmount: 424,
        fromStop: 0,
        toStop: 1,
        pickup: bengaluru!,
        drop: mandya!,
      }),
      buildBooking({
        id: 'b2',
        ride: onRide,
        seatsBooked: 1,
        totalAmount: 300,
        passengerName: 'Meera',
        passenger: { id: 'p2', name: 'Meera', phone: null },
        pickup: bengaluru!,
        drop: mysuru!,
        fromStop: 0,
        toStop: 2,
      }),
    ];
    serve({ rides: [ride] });
    renderDashboard();
    const card = await screen.findByRole('listitem', { name: /^Bengaluru/ });
    const row = (name: string) => within(card).getByText(name).closest('li')!;
    expect(within(row('Kiran Rao')).getByTestId('pickup-drop').textContent).toBe(
      'Pickup → drop: Bengaluru, 8:00 am →to Mandya, 9:10 am',
    );
    expect(within(row('Kiran Rao')).getByText(/2 seats · ₹424/)).toBeTruthy();
    expect(within(row('Meera')).queryByTestId('pickup-drop')).toBeNull();
  });
});
