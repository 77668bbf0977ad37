import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, okEnvelope, renderScreen, signIn } from '@/test/render';
import { MSG } from '@saathchalo/shared';
import { OfferRideScreen } from './offer-ride-screen';

// Friday 14 June 2030, 19:00 in India: the day's 08:30 has passed.
const FRIDAY_EVENING = Date.parse('2030-06-14T13:30:00.000Z');
const TODAY = '2030-06-14';

async function offerTodayAt0830(user: ReturnType<typeof userEvent.setup>, days: string[]) {
  await user.type(screen.getByLabelText('From'), 'Whitefield');
  await user.type(screen.getByLabelText('To'), 'Koramangala');
  fireEvent.change(screen.getByLabelText('Departure Date'), { target: { value: TODAY } });
  fireEvent.change(screen.getByLabelText('Departure Time'), { target: { value: '08:30' } });
  await user.type(screen.getByLabelText('Price per Seat (₹)'), '120');
  await user.type(screen.getByLabelText('Car Model'), 'Maruti Swift');
  await user.type(screen.getByLabelText('Car Number'), 'KA 01 AB 1234');
  const repeat = screen.getByRole('group', { name: 'Repeat on' });
  for (const day of days) await user.click(within(repeat).getByRole('button', { name: day }));
  await user.click(screen.getByRole('button', { name: 'Offer Ride' }));
}

describe('Offer a ride on Friday evening, from today', () => {
  let body: Record<string, unknown> | null = null;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(FRIDAY_EVENING);
    signIn();
    body = null;
    mockFetch({
      'GET /api/rides/locations/from': () => okEnvelope(['Whitefield']),
      'GET /api/rides/locations/to': () => okEnvelope(['Koramangala']),
      'POST /api/commutes': async (req) => {
        body = (await req.json()) as Record<string, unknown>;
        return json({ success: true, data: { id: 'c1' }, message: 'Commute created', error: null }, 201);
      },
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('creates a Mon–Fri commute at 08:30 starting today: its rides start on Monday, as the server makes them', async () => {
    const user = userEvent.setup();
    renderScreen(<OfferRideScreen />, {
      route: '/offer-ride',
      routes: { '/my-commutes': <p>My commutes page</p> },
    });
    await offerTodayAt0830(user, ['Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
    expect(await screen.findByText('My commutes page')).toBeTruthy();
    expect(body).toMatchObject({ startDate: TODAY, departureTime: '08:30' });
    expect(screen.queryByText(MSG.timeInPast)).toBeNull();
  });

  it('still refuses a single ride at a time that has passed today', async () => {
    const user = userEvent.setup();
    renderScreen(<OfferRideScreen />, { route: '/offer-ride' });
    await offerTodayAt0830(user, []);
    expect(await screen.findByText(MSG.timeInPast)).toBeTruthy();
    expect(body).toBeNull();
  });
});
