import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RideStop } from '@saathchalo/shared';
import { json, mockFetch, okEnvelope, renderScreen, signIn } from '@/test/render';
import { buildRide } from '../testing/fixtures';
import { FindRideScreen } from './find-ride-screen';

const DATE = '2030-06-17';
const stops = (places: string[], times: string[]): RideStop[] =>
  places.map((place, index) => ({
    ...{ index, place, date: DATE, time: times[index]!, lat: null, lng: null },
    estimated: index > 0,
    seatsToNext: index < places.length - 1 ? 3 : null,
  }));
const at = (place: string, time: string) => ({ place, date: DATE, time, distanceKm: 0 });

/** Found from Marathahalli to Koramangala: the commute's morning ride from its first stop. */
const morning = buildRide({
  ...{ id: 'r7', from: 'Whitefield', to: 'Koramangala', departureDate: DATE, departureTime: '08:30' },
  ...{ commuteId: 'c1', direction: 'OUTBOUND', days: ['MON', 'TUE', 'WED', 'THU', 'FRI'] },
  stops: stops(
    ['Whitefield', 'Marathahalli', 'Bellandur', 'Koramangala'],
    ['08:30', '08:50', '09:00', '09:15'],
  ),
  pricePerSeat: 60,
  segment: {
    ...{ fromStop: 1, toStop: 3, from: at('Marathahalli', '08:50'), to: at('Koramangala', '09:15') },
    ...{ pricePerSeat: 60, availableSeats: 3 },
  },
});

/** Found from Koramangala to Marathahalli: the evening's way back, which leaves before its last stop. */
const evening = buildRide({
  ...{ id: 'r8', from: 'Koramangala', to: 'Whitefield', departureDate: DATE, departureTime: '18:00' },
  ...{ commuteId: 'c1', direction: 'RETURN', days: ['MON', 'TUE', 'WED', 'THU', 'FRI'] },
  stops: stops(
    ['Koramangala', 'Bellandur', 'Marathahalli', 'Whitefield'],
    ['18:00', '18:15', '18:25', '18:45'],
  ),
  pricePerSeat: 60,
  segment: {
    ...{ fromStop: 0, toStop: 2, from: at('Koramangala', '18:00'), to: at('Marathahalli', '18:25') },
    ...{ pricePerSeat: 60, availableSeats: 3 },
  },
});

const commute = {
  ...{ id: 'c1', from: 'Whitefield', to: 'Koramangala', days: ['MON', 'TUE', 'WED', 'THU', 'FRI'] },
  stops: [
    { place: 'Marathahalli', time: '08:50' },
    { place: 'Bellandur', time: null },
  ],
  ...{ departureTime: '08:30', returnTime: '18:00', startDate: DATE, endDate: null, seats: 3 },
  ...{ pricePerSeat: 120, carModel: 'Swift', carNumber: 'KA01AB1234', additionalInfo: null },
  ...{ instantBooking: false, status: 'ACTIVE', upcoming: [], subscription: null },
  driver: { id: 'd1', name: 'Ravi Kumar', phone: null, rating: 4.5 },
};

async function bookEvery(ride: typeof morning, name: string) {
  let body: Record<string, unknown> = {};
  mockFetch({
    'GET /api/rides/search': () => okEnvelope([ride]),
    'GET /api/commutes/c1': () => okEnvelope(commute),
    'POST /api/commutes/c1/subscriptions': async (req) => {
      body = (await req.json()) as Record<string, unknown>;
      return json({ success: true, data: { booked: [], full: [] }, message: '', error: null }, 201);
    },
  });
  const user = userEvent.setup();
  renderScreen(<FindRideScreen />, {
    route: `/find-ride?from=${name.split(' to ').join('&to=')}&date=${DATE}&passengers=1`,
  });
  const card = await screen.findByRole('listitem', { name: `${ride.from} to ${ride.to}` });
  await user.click(within(card).getByRole('button', { name: 'Book every ride' }));
  const dialog = await screen.findByRole('dialog', { name: 'Book every ride' });
  expect(within(dialog).getByText(/^Each ride:/).textContent).toContain('₹60');
  const submit = within(dialog).getByRole('button', { name: 'Book every ride' });
  await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
  await user.click(submit);
  await waitFor(() => expect(body.seats).toBe(1));
  return body;
}

describe('Find Ride: Book every ride on the part of a commute that was searched', () => {
  beforeEach(() => {
    signIn({ id: 'u1' });
  });

  it('books the segment found, from the stop it boards at, as its price said', async () => {
    expect(await bookEvery(morning, 'Marathahalli to Koramangala')).toEqual({
      seats: 1,
      days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
      direction: 'OUTBOUND',
      fromStop: 1,
      toStop: 3,
    });
  });

  it("on the way back names the same journey's stops as the commute's route has them (the server mirrors them)", async () => {
    // Koramangala (the route's point 3) to Marathahalli (its point 1), as the morning runs it reversed.
    expect(await bookEvery(evening, 'Koramangala to Marathahalli')).toEqual({
      seats: 1,
      days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
      direction: 'RETURN',
      fromStop: 1,
      toStop: 3,
    });
  });

  it('boarding between two stops, says each ride is booked from the stops around it, not at the price found', async () => {
    // Kundalahalli lies on the way from Whitefield to Marathahalli: a standing booking names stops.
    const between = {
      ...morning,
      pricePerSeat: 48,
      segment: {
        ...morning.segment!,
        fromStop: 0,
        from: { ...at('Kundalahalli', '08:38'), distanceKm: 0.4 },
      },
    };
    mockFetch({
      'GET /api/rides/search': () => okEnvelope([between]),
      'GET /api/commutes/c1': () => okEnvelope(commute),
    });
    const user = userEvent.setup();
    renderScreen(<FindRideScreen />, {
      route: `/find-ride?from=Kundalahalli&to=Koramangala&date=${DATE}&passengers=1`,
    });
    const card = await screen.findByRole('listitem', { name: 'Whitefield to Koramangala' });
    await user.click(within(card).getByRole('button', { name: 'Book every ride' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book every ride' });
    expect(within(dialog).queryByText(/^Each ride:/)).toBeNull();
    expect(within(dialog).getByText(/^Each ride is booked from/).textContent).toBe(
      "Each ride is booked from Whitefield (8:30 am) to Koramangala (9:15 am), the driver's stops on either side of where you board and leave, at that part's price. The rides of the next two weeks are booked now and each later one as it appears; the driver confirms each unless booking is instant.",
    );
  });
});
