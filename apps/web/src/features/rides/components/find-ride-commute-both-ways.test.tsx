import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Subscription } from '@saathchalo/shared';
import { json, mockFetch, okEnvelope, renderScreen, signIn } from '@/test/render';
import { buildRide } from '../testing/fixtures';
import { FindRideScreen } from './find-ride-screen';

const evening = buildRide({
  ...{ id: 'r8', from: 'Koramangala', to: 'Whitefield', departureDate: '2030-06-17', departureTime: '18:00' },
  ...{ commuteId: 'c1', direction: 'RETURN', days: ['MON', 'TUE', 'WED', 'THU', 'FRI'] },
});

const commuteWith = (subscription: Subscription | null) => ({
  ...{
    id: 'c1',
    from: 'Whitefield',
    to: 'Koramangala',
    stops: [],
    days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
  },
  ...{ departureTime: '08:30', returnTime: '18:00', startDate: '2030-06-17', endDate: null, seats: 3 },
  ...{ pricePerSeat: 120, carModel: 'Swift', carNumber: 'KA01AB1234', additionalInfo: null },
  ...{ instantBooking: false, status: 'ACTIVE', upcoming: [], subscription },
  driver: { id: 'd1', name: 'Ravi Kumar', phone: null, rating: 4.5 },
});

/** Book every ride on the evening ride, Monday to Thursday evenings; answers the body sent and the dialog. */
async function bookEveningsWith(subscription: Subscription | null) {
  let body: Record<string, unknown> = {};
  mockFetch({
    'GET /api/rides/search': () => okEnvelope([evening]),
    'GET /api/commutes/c1': () => okEnvelope(commuteWith(subscription)),
    'POST /api/commutes/c1/subscriptions': async (req) => {
      body = (await req.json()) as Record<string, unknown>;
      return json({ success: true, data: { booked: [], full: [] }, message: '', error: null }, 201);
    },
  });
  const user = userEvent.setup();
  renderScreen(<FindRideScreen />, {
    route: '/find-ride?from=Koramangala&to=Whitefield&date=2030-06-17&passengers=1',
  });
  const card = await screen.findByRole('listitem', { name: 'Koramangala to Whitefield' });
  await user.click(within(card).getByRole('button', { name: 'Book every ride' }));
  const dialog = await screen.findByRole('dialog', { name: 'Book every ride' });
  await user.click(within(dialog).getByRole('button', { name: 'Fri' }));
  const submit = within(dialog).getByRole('button', { name: 'Book every ride' });
  await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
  const note = within(dialog).queryByText(/the other way/)?.textContent ?? null;
  await user.click(submit);
  await waitFor(() => expect(body.seats).toBe(1));
  return { body, note };
}

describe('Find Ride: Book every ride the other way', () => {
  beforeEach(() => {
    signIn({ id: 'u1' });
  });

  it('keeps the mornings already booked: one standing booking a commute, so both ways, on the days of either', async () => {
    const mornings = {
      seats: 1,
      days: ['MON', 'WED', 'FRI'],
      direction: 'OUTBOUND',
      fromStop: null,
      toStop: null,
    };
    const { body, note } = await bookEveningsWith(mornings as Subscription);
    expect(note).toBe(
      'Your standing booking of the rides the other way stays: both ways are booked, on the days of either.',
    );
    expect(body).toEqual({ seats: 1, days: ['MON', 'TUE', 'WED', 'THU', 'FRI'] });
  });

  it('books one way when the passenger has no standing booking yet, or one this way', async () => {
    expect(await bookEveningsWith(null)).toEqual({
      body: { seats: 1, days: ['MON', 'TUE', 'WED', 'THU'], direction: 'RETURN' },
      note: null,
    });
  });
});
