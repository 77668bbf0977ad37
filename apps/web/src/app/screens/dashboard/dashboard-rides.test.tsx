import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, okEnvelope, signIn } from '@/test/render';
import { openEditRide, renderDashboard, serve, type Data } from './dashboard-testing';
import { buildBooking, buildRide } from './fixtures';

describe('Dashboard: my rides', () => {
  it('says a request waits for an answer when its seats count as booked but nobody is a passenger yet', async () => {
    signIn();
    const pending = buildBooking({ id: 'b5', status: 'PENDING', seatsBooked: 1 });
    serve({
      rides: [
        buildRide({ id: 'r1', totalSeats: 1, bookedSeats: 1, availableSeats: 0, passengers: [pending] }),
      ],
    });
    renderDashboard();
    const card = (await screen.findAllByRole('listitem', { name: /→|to/ })).find((c) =>
      c.getAttribute('aria-labelledby')?.startsWith('my-ride-'),
    )!;
    expect(within(card).getByText('No passengers have booked this ride yet')).toBeTruthy();
    expect(
      within(card).getByText('1 booking request is waiting for your answer in Ride Requests'),
    ).toBeTruthy();
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
          buildRide({ id: 'r4', from: 'Nagpur', departureDate: '2020-01-01' }),
        ],
      },
      {
        'PUT /api/rides/r4/status': () =>
          json({ success: false, error: 'Cannot mark future rides as completed', code: 'RIDE_NOT_DEPARTED' }, 409),
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

    // Before its departure a ride cannot be completed: the server's rule, so the menu does not offer it.
    await user.click(screen.getByRole('button', { name: 'Manage ride from Pune to Mumbai' }));
    menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Edit Ride' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Cancel Ride' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Mark as Completed' })).toBeNull();
    await user.keyboard('{Escape}');

    // Once departed it is offered; a refusal all the same (the server's clock decides) is told by its code.
    await user.click(screen.getByRole('button', { name: 'Manage ride from Nagpur to Mumbai' }));
    menu = await screen.findByRole('menu');
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
    const dialog = await openEditRide(user, 'Pune to Mumbai');
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
    // The button the first tap found gives its place to the menu's own once the menu's code is in.
    const trigger = () => screen.getByRole('button', { name: 'Manage ride from Pune to Mumbai' });
    await user.click(await screen.findByRole('button', { name: 'Manage ride from Pune to Mumbai' }));
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Edit Ride' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ride' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(trigger()));

    await user.click(trigger());
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
});
