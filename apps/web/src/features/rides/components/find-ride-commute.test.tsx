import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockFetch, okEnvelope, renderScreen, signIn } from '@/test/render';
import { buildRide } from '../testing/fixtures';
import { FindRideScreen } from './find-ride-screen';

const commuteRide = buildRide({
  id: 'r7',
  from: 'Whitefield',
  to: 'Koramangala',
  departureDate: '2030-06-17',
  departureTime: '08:30',
  commuteId: 'c1',
  direction: 'OUTBOUND',
  days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
});
const single = buildRide({ id: 'r8', from: 'Whitefield', to: 'Koramangala', departureTime: '09:15' });

/** The dashboard stand-in says which tab the link asked for. */
function Dashboard() {
  return <p>Dashboard page{useLocation().search}</p>;
}

function renderFind() {
  return renderScreen(<FindRideScreen />, {
    route: '/find-ride?from=Whitefield&to=Koramangala&date=2030-06-17&passengers=2',
    routes: { '/dashboard': <Dashboard /> },
  });
}

const card = (name: string) => screen.findByRole('listitem', { name });

describe('Find Ride: commute rides', () => {
  beforeEach(() => {
    signIn({ id: 'u1' });
  });

  it('marks a commute ride with its days and time and offers Book every ride beside Book Ride', async () => {
    mockFetch({ 'GET /api/rides/search': () => okEnvelope([commuteRide, single]) });
    renderFind();
    const [commute, other] = await screen.findAllByRole('listitem', { name: 'Whitefield to Koramangala' });
    expect(within(commute!).getByText('Mon–Fri, 08:30')).toBeTruthy();
    expect(within(commute!).getByRole('button', { name: 'Book every ride' })).toBeTruthy();
    expect(within(commute!).getByRole('button', { name: 'Book Ride' })).toBeTruthy();
    expect(within(other!).queryByRole('button', { name: 'Book every ride' })).toBeNull();
    expect(within(other!).getByRole('button', { name: 'Book Ride' })).toBeTruthy();
    expect(within(other!).queryByText(/Mon–Fri/)).toBeNull();
  });

  it('books every ride on the chosen days, then shows the days booked and the days full', async () => {
    let body: Record<string, unknown> = {};
    const calls = mockFetch({
      'GET /api/rides/search': () => okEnvelope([commuteRide]),
      'POST /api/commutes/c1/subscriptions': async (req) => {
        body = (await req.json()) as Record<string, unknown>;
        return json(
          {
            success: true,
            data: {
              booked: [
                { rideId: 'r7', date: '2030-06-17', bookingId: 'b1', status: 'PENDING' },
                { rideId: 'r9', date: '2030-06-19', bookingId: 'b2', status: 'CONFIRMED' },
              ],
              full: [{ rideId: 'r8', date: '2030-06-18' }],
            },
            message: 'Standing booking created',
            error: null,
          },
          201,
        );
      },
    });
    const user = userEvent.setup();
    renderFind();
    await user.click(
      within(await card('Whitefield to Koramangala')).getByRole('button', { name: 'Book every ride' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Book every ride' });
    expect(
      within(dialog).getByText('Whitefield to Koramangala, Mon–Fri, 08:30, with Ravi Kumar'),
    ).toBeTruthy();
    const days = within(dialog).getByRole('group', { name: 'On these days' });
    // Only the days the commute runs: a Saturday would book nothing.
    expect(
      within(days)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
    expect(within(days).getByRole('button', { name: 'Fri' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(within(days).getByRole('button', { name: 'Fri' }));
    expect((within(dialog).getByLabelText('Seats on each ride') as HTMLSelectElement).value).toBe('2');
    await user.click(within(dialog).getByRole('button', { name: 'Book every ride' }));

    expect(await within(dialog).findByText('2 rides booked, 1 day full.')).toBeTruthy();
    const booked = within(dialog).getByRole('region', { name: 'Booked' });
    expect(
      within(booked)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Mon, 17 Jun, 2030: waiting for the driver', 'Wed, 19 Jun, 2030: confirmed']);
    const full = within(dialog).getByRole('region', { name: 'Full' });
    expect(within(full).getByText('Tue, 18 Jun, 2030')).toBeTruthy();
    expect(body).toEqual({ seats: 2, days: ['MON', 'TUE', 'WED', 'THU'], direction: 'OUTBOUND' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Go to My Bookings' }));
    await waitFor(() => expect(screen.getByText('Dashboard page?tab=bookings')).toBeTruthy());
  });

  it("books a night shift's morning returns by the nights they belong to", async () => {
    let body: Record<string, unknown> = {};
    const morning = buildRide({
      ...{ id: 'r9', from: 'Koramangala', to: 'Whitefield', departureDate: '2030-06-18' },
      ...{ departureTime: '06:00', commuteId: 'c1', direction: 'RETURN' },
      days: ['TUE', 'WED', 'THU', 'FRI', 'SAT'],
    });
    mockFetch({
      'GET /api/rides/search': () => okEnvelope([morning]),
      'GET /api/commutes/c1': () =>
        okEnvelope({
          ...{
            id: 'c1',
            from: 'Whitefield',
            to: 'Koramangala',
            stops: [],
            days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
          },
          ...{
            departureTime: '22:00',
            returnTime: '06:00',
            startDate: '2030-06-17',
            endDate: null,
            seats: 3,
          },
          ...{ pricePerSeat: 120, carModel: 'Swift', carNumber: 'KA01AB1234', additionalInfo: null },
          ...{ instantBooking: false, status: 'ACTIVE', upcoming: [], subscription: null },
          driver: { id: 'd1', name: 'Ravi Kumar', phone: null, rating: 4.5 },
        }),
      'POST /api/commutes/c1/subscriptions': async (req) => {
        body = (await req.json()) as Record<string, unknown>;
        return json({ success: true, data: { booked: [], full: [] }, message: '', error: null }, 201);
      },
    });
    const user = userEvent.setup();
    renderFind();
    const found = await card('Koramangala to Whitefield');
    expect(within(found).getByText('Tue–Sat, 06:00')).toBeTruthy();
    await user.click(within(found).getByRole('button', { name: 'Book every ride' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book every ride' });
    await user.click(within(dialog).getByRole('button', { name: 'Sat' }));
    const submit = within(dialog).getByRole('button', { name: 'Book every ride' });
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    await user.click(submit);
    // Tuesday to Friday mornings are the way home of Monday to Thursday nights.
    await waitFor(() =>
      expect(body).toEqual({ seats: 2, days: ['MON', 'TUE', 'WED', 'THU'], direction: 'RETURN' }),
    );
  });

  it("shows the server's refusal in the dialog", async () => {
    mockFetch({
      'GET /api/rides/search': () => okEnvelope([commuteRide]),
      'POST /api/commutes/c1/subscriptions': () =>
        json(
          {
            success: false,
            message: 'This commute has been stopped',
            error: 'This commute has been stopped',
          },
          409,
        ),
    });
    const user = userEvent.setup();
    renderFind();
    await user.click(
      within(await card('Whitefield to Koramangala')).getByRole('button', { name: 'Book every ride' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Book every ride' });
    await user.click(within(dialog).getByRole('button', { name: 'Book every ride' }));
    expect(await within(dialog).findByText('This commute has been stopped')).toBeTruthy();
  });
});
