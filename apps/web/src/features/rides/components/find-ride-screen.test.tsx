import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockFetch, okEnvelope, renderScreen, signIn } from '@/test/render';
import { buildRide } from '../testing/fixtures';
import { FindRideScreen } from './find-ride-screen';

const places = { 'GET /api/places': () => okEnvelope([]) };

/** The dashboard stand-in says which tab the link asked for. */
function Dashboard() {
  return <p>Dashboard page{useLocation().search}</p>;
}

function renderFind(route = '/find-ride') {
  return renderScreen(<FindRideScreen />, { route, routes: { '/dashboard': <Dashboard /> } });
}

async function search(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('From'), 'pune');
  await user.type(screen.getByLabelText('To'), 'mumbai');
  fireEvent.change(screen.getByLabelText('Date'), { target: { value: '2030-06-15' } });
  fireEvent.change(screen.getByLabelText('Time'), { target: { value: '07:00' } });
  await user.selectOptions(screen.getByLabelText('Passengers'), '2');
  await user.click(screen.getByRole('button', { name: 'Search Rides' }));
}

describe('Find Ride', () => {
  beforeEach(() => {
    signIn({ id: 'u1' });
  });

  it('shows the search messages of the specification', async () => {
    const calls = mockFetch(places);
    const user = userEvent.setup();
    renderFind();
    expect(screen.getByRole('heading', { level: 1, name: 'Find a Ride' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Search Rides' }));
    expect(await screen.findByText('Please enter a departure location')).toBeTruthy();
    expect(screen.getByText('Please enter a destination')).toBeTruthy();
    expect(screen.getByText('Please select a departure date')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/rides/search'))).toBe(false);
  });

  it('asks for place suggestions once a place field has focus and text, not on opening', async () => {
    const calls = mockFetch({
      'GET /api/places': () =>
        okEnvelope([
          {
            id: 'p1',
            name: 'Pune',
            area: 'Pune',
            state: 'Maharashtra',
            lat: 18.52,
            lng: 73.86,
            kind: 'city',
          },
          {
            id: 'p2',
            name: 'Puducherry',
            area: 'Puducherry',
            state: 'Puducherry',
            lat: 11.93,
            lng: 79.83,
            kind: 'city',
          },
        ]),
    });
    const user = userEvent.setup();
    renderFind();
    await new Promise((r) => setTimeout(r, 300));
    expect(calls.some((c) => c.url.includes('/places'))).toBe(false);
    await user.type(screen.getByRole('combobox', { name: 'From' }), 'pu');
    const list = await screen.findByRole('listbox', { name: 'From suggestions' });
    await waitFor(() => expect(within(list).getAllByRole('option').length).toBe(2));
    expect(calls.filter((c) => c.url.includes('/places')).map((c) => new URL(c.url).search)).toEqual([
      '?q=pu',
    ]);
  });

  it('sends from, to, date and passengers (not the time) and lists rides with a count', async () => {
    const calls = mockFetch({
      ...places,
      'GET /api/rides/search': () =>
        okEnvelope([
          buildRide(),
          buildRide({
            id: 'r2',
            driver: { ...buildRide().driver, id: 'u1', name: 'Asha Verma', phone: '9876543210', rating: 4.5 },
            isOwnRide: true,
          }),
        ]),
    });
    const user = userEvent.setup();
    renderFind();
    await search(user);
    expect(await screen.findByRole('heading', { name: '2 rides found' })).toBeTruthy();
    const req = calls.find((c) => c.url.includes('/rides/search'))!;
    const q = new URL(req.url).searchParams;
    expect(Object.fromEntries(q)).toEqual({
      from: 'pune',
      to: 'mumbai',
      date: '2030-06-15',
      passengers: '2',
    });

    const [other, own] = screen.getAllByRole('listitem');
    expect(within(other!).getByText('Ravi Kumar')).toBeTruthy();
    expect(within(other!).getByText('Rating 4.6 out of 5')).toBeTruthy();
    expect(within(other!).getByText('₹450')).toBeTruthy();
    expect(within(other!).getByRole('button', { name: 'Book Ride' })).toBeTruthy();
    const chat = within(other!).getByRole('link', { name: 'Message Driver' });
    expect(chat.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/919812345678\?text=/);

    expect(within(own!).getByText('Your ride')).toBeTruthy();
    expect(within(own!).queryByRole('button', { name: 'Book Ride' })).toBeNull();
  });

  it('asks the driver about the part of the ride found along the way, where the searcher boards', async () => {
    const at = (place: string, time: string) => ({ place, date: '2030-06-15', time, distanceKm: 0 });
    const ride = buildRide({
      ...{ id: 'r9', from: 'Bengaluru', to: 'Mysuru', departureDate: '2030-06-15' },
      segment: {
        ...{ fromStop: 1, toStop: 2, from: at('Mandya', '09:10'), to: at('Mysuru', '10:00') },
        ...{ pricePerSeat: 80, availableSeats: 3 },
      },
    });
    mockFetch({ ...places, 'GET /api/rides/search': () => okEnvelope([ride]) });
    renderFind('/find-ride?from=Mandya&to=Mysuru&date=2030-06-15&passengers=1');
    const chat = await screen.findByRole('link', { name: 'Message Driver' });
    expect(new URL(chat.getAttribute('href')!).searchParams.get('text')).toMatch(
      /^Hi .+, I'm contacting you about your SaathChalo ride from Mandya to Mysuru on /,
    );
  });

  it('shows an empty result as a count of 0', async () => {
    mockFetch({ ...places, 'GET /api/rides/search': () => okEnvelope([]) });
    renderFind('/find-ride?from=Pune&to=Nagpur&date=2030-06-15&passengers=1');
    expect(await screen.findByRole('heading', { name: '0 rides found' })).toBeTruthy();
  });

  it('shows the search error texts', async () => {
    mockFetch({ ...places, 'GET /api/rides/search': () => json({ success: false }, 500) });
    renderFind('/find-ride?from=Pune&to=Nagpur&date=2030-06-15');
    expect(await screen.findByText('Failed to search rides')).toBeTruthy();

    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('An error occurred while searching for rides')).toBeTruthy();
  });

  it('books seats with optional pickup and drop, then goes to the dashboard', async () => {
    let body: unknown;
    mockFetch({
      ...places,
      'GET /api/rides/search': () => okEnvelope([buildRide()]),
      'POST /api/rides/r1/book': async (req) => {
        body = await req.json();
        return json(
          { success: true, data: {}, message: 'Booking request sent to the driver', error: null },
          201,
        );
      },
    });
    const user = userEvent.setup();
    renderFind('/find-ride?from=Pune&to=Mumbai&date=2030-06-15&passengers=2');
    await user.click(await screen.findByRole('button', { name: 'Book Ride' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book Ride' });
    expect((within(dialog).getByLabelText('Seats') as HTMLSelectElement).value).toBe('2');
    await user.type(within(dialog).getByLabelText('Pickup point (optional)'), 'Hinjewadi');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Booking' }));
    // On My Bookings, where the booking just made is, not on My Rides' "No rides offered yet".
    expect(await screen.findByText('Dashboard page?tab=bookings')).toBeTruthy();
    expect(body).toEqual({ seatsRequested: 2, pickupLocation: 'Hinjewadi', dropLocation: null });
  });

  it('shows the booking error texts', async () => {
    mockFetch({
      ...places,
      'GET /api/rides/search': () => okEnvelope([buildRide()]),
      'POST /api/rides/r1/book': () => json({ success: false, error: 'Not enough seats available' }, 409),
    });
    const user = userEvent.setup();
    renderFind('/find-ride?from=Pune&to=Mumbai&date=2030-06-15');
    await user.click(await screen.findByRole('button', { name: 'Book Ride' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book Ride' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Booking' }));
    expect(await within(dialog).findByText('Not enough seats available')).toBeTruthy();

    mockFetch({ 'POST /api/rides/r1/book': () => json({ success: false }, 500) });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Booking' }));
    expect(await within(dialog).findByText('Failed to book ride')).toBeTruthy();

    globalThis.fetch = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Booking' }));
    await waitFor(() =>
      expect(
        within(dialog).getByText(
          'An error occurred while booking the ride: Network error. Please check your connection and try again.',
        ),
      ).toBeTruthy(),
    );
  });

  it('a double tap on Confirm Booking books once, and says booked, not "You already have a booking"', async () => {
    let booked = 0;
    const calls = mockFetch({
      ...places,
      'GET /api/rides/search': () => okEnvelope([buildRide()]),
      'POST /api/rides/r1/book': () => {
        booked += 1;
        return booked === 1
          ? json({ success: true, data: {}, message: 'Booking request sent to the driver', error: null }, 201)
          : json({ success: false, error: 'You already have a booking for this ride' }, 409);
      },
    });
    const user = userEvent.setup();
    renderFind('/find-ride?from=Pune&to=Mumbai&date=2030-06-15');
    await user.click(await screen.findByRole('button', { name: 'Book Ride' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book Ride' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm Booking' });
    // Both taps land before the screen has drawn the button as busy (a cheap phone, a slow network).
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    expect(await screen.findByText('Dashboard page?tab=bookings')).toBeTruthy();
    expect(screen.queryByText('You already have a booking for this ride')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
