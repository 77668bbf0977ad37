import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bengaluruMysuruStops } from '@/test/ride-fixtures';
import { okEnvelope, signIn } from '@/test/render';
import { renderDashboard, serve } from './dashboard-testing';
import { buildBooking, buildMyBooking } from './fixtures';

/** Mandya → Mysuru on a ride Bengaluru 08:00 → Mandya 09:10 → Mysuru 10:00 (CONTRACT section 7). */
const fromMandya = Object.assign(
  buildMyBooking({
    ride: {
      ...buildMyBooking().ride,
      from: 'Bengaluru',
      to: 'Mysuru',
      departureTime: '08:00',
      stops: bengaluruMysuruStops,
      distanceKm: 128,
    },
    seatsBooked: 1,
    totalAmount: 88,
  }),
  {
    fromStop: 1,
    toStop: 2,
    pickup: { place: 'Mandya', date: '2030-06-15', time: '09:10' },
    drop: { place: 'Mysuru', date: '2030-06-15', time: '10:00' },
  },
);

const segmentOf = ({ fromStop, toStop, pickup, drop }: typeof fromMandya) => ({
  fromStop,
  toStop,
  pickup,
  drop,
});

const value = (dialog: HTMLElement, label: string) =>
  within(dialog).getByText(label).nextElementSibling?.textContent;

describe("Dashboard: a booking's details on a ride with stops", () => {
  it('shows the passenger where and when they board and leave, and their part of the route drawn', async () => {
    signIn();
    serve(
      { bookings: [fromMandya] },
      { 'GET /api/config': () => okEnvelope({ mapTilesUrl: null, mapAttribution: null }) },
    );
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('tab', { name: 'My Bookings (1)' }));
    await user.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'View' }));
    const dialog = await screen.findByRole('dialog', { name: 'Booking Details' });

    expect(value(dialog, 'Pickup')).toBe('Mandya, 9:10 am');
    expect(value(dialog, 'Drop')).toBe('Mysuru, 10:00 am');
    expect(value(dialog, 'Total amount')).toBe('₹88');
    const picture = within(dialog).getByRole('img', { name: /^Route: Bengaluru → Mandya → Mysuru/ });
    expect(picture.getAttribute('aria-labelledby')).toBeTruthy();
    expect(within(dialog).getByText(/Your part: Mandya to Mysuru\.$/)).toBeTruthy();
    expect(picture.querySelectorAll('[data-segment]')).toHaveLength(1);
  });

  it("shows the driver the passenger's pickup and drop, and nothing more for a booking of the whole route", async () => {
    signIn();
    const whole = buildBooking({
      id: 'b2',
      passengerName: 'Meera',
      passenger: { id: 'p2', name: 'Meera', phone: null },
    });
    serve(
      {
        requests: [
          { ...fromMandya, ...buildBooking({ ride: fromMandya.ride }), ...segmentOf(fromMandya) },
          whole,
        ],
      },
      { 'GET /api/config': () => okEnvelope({ mapTilesUrl: null, mapAttribution: null }) },
    );
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('tab', { name: 'Ride Requests (2)' }));
    await user.click(
      within(screen.getByRole('listitem', { name: 'Kiran Rao' })).getByRole('button', { name: 'View' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    expect(value(dialog, 'Pickup')).toBe('Mandya, 9:10 am');
    expect(value(dialog, 'Drop')).toBe('Mysuru, 10:00 am');
    expect(within(dialog).getByText(/The passenger's part: Mandya to Mysuru\.$/)).toBeTruthy();
    await user.keyboard('{Escape}');

    await user.click(
      within(screen.getByRole('listitem', { name: 'Meera' })).getByRole('button', { name: 'View' }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    expect(within(dialog).queryByText('Pickup')).toBeNull();
    expect(within(dialog).queryByText('Drop')).toBeNull();
  });
});
