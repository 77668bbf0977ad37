import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, okEnvelope, signIn } from '@/test/render';
import { renderDashboard, serve, type Data } from './dashboard-testing';
import { buildBooking, buildMyBooking } from './fixtures';
import type { Booking } from '@saathchalo/shared';

describe('Dashboard: bookings and ride requests', () => {
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

  it('on a slow network, a request waits with its buttons off until its own answer, whatever is accepted next', async () => {
    signIn();
    const meera = (status: Booking['status']) =>
      buildBooking({
        id: 'b2',
        status,
        passengerName: 'Meera',
        passenger: { id: 'p2', name: 'Meera', phone: null },
      });
    const data: Data = { requests: [buildBooking({ id: 'b1', status: 'PENDING' }), meera('PENDING')] };
    const answers: Array<() => void> = [];
    const slowConfirm = (id: string) => () =>
      new Promise<Response>((resolve) => {
        answers.push(() => {
          data.requests = data.requests!.map((b) => (b.id === id ? { ...b, status: 'CONFIRMED' } : b));
          resolve(
            okEnvelope(
              data.requests.find((b) => b.id === id),
              'Booking confirmed successfully',
            ),
          );
        });
      });
    const calls = serve(data, {
      'PUT /api/bookings/b1/confirm': slowConfirm('b1'),
      'PUT /api/bookings/b2/confirm': slowConfirm('b2'),
    });
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('tab', { name: 'Ride Requests (2)' }));
    const card = (name: string) => screen.getByRole('listitem', { name });
    const accept = async (name: string) => {
      await user.click(within(card(name)).getByRole('button', { name: 'Confirm' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Accept this booking request?' })).getByRole(
          'button',
          { name: 'Confirm' },
        ),
      );
    };
    const buttonsOff = (name: string) =>
      ['Confirm', 'Reject'].every((b) =>
        within(card(name)).getByRole('button', { name: b }).hasAttribute('disabled'),
      );

    await accept('Kiran Rao');
    await waitFor(() => expect(buttonsOff('Kiran Rao')).toBe(true));
    await accept('Meera');
    await waitFor(() => expect(buttonsOff('Meera')).toBe(true));
    // Kiran's answer has not come: a second tap would send the same request again.
    expect(buttonsOff('Kiran Rao')).toBe(true);

    for (const answer of answers) answer();
    await waitFor(() => expect(within(card('Kiran Rao')).getByText('CONFIRMED')).toBeTruthy());
    await waitFor(() => expect(within(card('Meera')).getByText('CONFIRMED')).toBeTruthy());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => new URL(c.url).pathname)).toEqual([
      '/api/bookings/b1/confirm',
      '/api/bookings/b2/confirm',
    ]);
  });
});
