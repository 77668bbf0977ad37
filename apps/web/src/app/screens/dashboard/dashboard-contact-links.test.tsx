import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/format';
import { signIn } from '@/test/render';
import { renderDashboard, serve } from './dashboard-testing';
import { buildBooking, buildMyBooking } from './fixtures';

describe('Dashboard: the chat link to the other party', () => {
  it('is offered on open and completed bookings, not on one that was cancelled or rejected', async () => {
    signIn();
    serve({
      bookings: [
        buildMyBooking({ id: 'mb1', status: 'CONFIRMED' }),
        buildMyBooking({
          id: 'mb2',
          status: 'CANCELLED',
          cancelReason: 'RIDE_CANCELLED',
          ride: { ...buildMyBooking().ride, id: 'r8', from: 'Thane', to: 'Pune' },
        }),
      ],
      requests: [
        buildBooking({ id: 'b1', status: 'COMPLETED' }),
        buildBooking({
          id: 'b2',
          status: 'CANCELLED',
          cancelReason: 'DRIVER',
          passengerName: 'Meera',
          passenger: { id: 'p2', name: 'Meera', phone: '9123456781' },
        }),
      ],
    });
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('tab', { name: 'My Bookings (1)' }));
    const bookings = screen.getByRole('tabpanel');
    await user.click(within(bookings).getByRole('button', { name: 'Show cancelled bookings (1)' }));
    const booking = (route: RegExp) => within(bookings).getByRole('listitem', { name: route });
    expect(within(booking(/^Nashik/)).getByRole('link', { name: 'Contact Driver' })).toBeTruthy();
    expect(within(booking(/^Thane/)).getByText('Cancelled: the driver cancelled this ride')).toBeTruthy();
    expect(within(booking(/^Thane/)).queryByRole('link', { name: 'Contact Driver' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Ride Requests (2)' }));
    const requests = screen.getByRole('tabpanel');
    const request = (name: string) => within(requests).getByRole('listitem', { name });
    expect(within(request('Kiran Rao')).getByRole('link', { name: 'Contact Passenger' })).toBeTruthy();
    expect(within(request('Meera')).getByText('CANCELLED')).toBeTruthy();
    expect(within(request('Meera')).queryByRole('link', { name: 'Contact Passenger' })).toBeNull();
  });

  it("names the passenger's own pickup and drop in the prefilled message, not the ride's ends", async () => {
    signIn();
    const ride = { ...buildBooking().ride, from: 'Bengaluru', to: 'Mysuru', departureDate: '2030-06-15' };
    const segment = {
      fromStop: 1,
      toStop: 2,
      pickup: { place: 'Mandya', date: '2030-06-15', time: '09:10' },
      drop: { place: 'Mysuru', date: '2030-06-15', time: '10:00' },
    };
    serve({
      bookings: [
        Object.assign(buildMyBooking({ status: 'CONFIRMED', ride: { ...ride, id: 'r7' } }), segment),
      ],
      requests: [Object.assign(buildBooking({ status: 'CONFIRMED', ride }), segment)],
    });
    const text = async (name: string) =>
      new URL((await screen.findByRole('link', { name })).getAttribute('href')!).searchParams.get('text');
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('tab', { name: 'My Bookings (1)' }));
    expect(await text('Contact Driver')).toBe(
      `Hi Ravi Kumar, I'm contacting you about your SaathChalo ride from Mandya to Mysuru on ${formatDate('2030-06-15')}.`,
    );
    await user.click(screen.getByRole('tab', { name: 'Ride Requests (1)' }));
    expect(await text('Contact Passenger')).toBe(
      `Hi Kiran Rao, this is your SaathChalo driver for the ride from Mandya to Mysuru on ${formatDate('2030-06-15')}.`,
    );
  });

  it("shows no phone in a cancelled booking's details, on either side (decision 033)", async () => {
    signIn();
    // As a list cached from before the cancel, or a server from before decision 033, still carries them.
    serve({
      bookings: [buildMyBooking({ id: 'mb2', status: 'CANCELLED', cancelReason: 'PASSENGER' })],
      requests: [
        buildBooking({
          id: 'b2',
          status: 'CANCELLED',
          cancelReason: 'DRIVER',
          passengerName: 'Meera',
          passenger: { id: 'p2', name: 'Meera', phone: '9123456781' },
        }),
      ],
    });
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('tab', { name: 'My Bookings (0)' }));
    await user.click(screen.getByRole('button', { name: 'Show cancelled bookings (1)' }));
    await user.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'View' }));
    let dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    expect(within(dialog).getByText('Ravi Kumar')).toBeTruthy();
    expect(within(dialog).queryByText('Phone')).toBeNull();
    expect(dialog.textContent).not.toContain('9812345678');
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('tab', { name: 'Ride Requests (1)' }));
    await user.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 'View' }));
    dialog = await screen.findByRole('dialog', { name: 'Booking Details' });
    expect(within(dialog).getByText('Meera')).toBeTruthy();
    expect(within(dialog).queryByText('Phone')).toBeNull();
    expect(dialog.textContent).not.toContain('9123456781');
  });
});
