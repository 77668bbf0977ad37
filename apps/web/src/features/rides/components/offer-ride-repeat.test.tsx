import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockFetch, okEnvelope, renderScreen, signIn } from '@/test/render';
import { addDays, istDate, MSG } from '@saathchalo/shared';
import { OfferRideScreen } from './offer-ride-screen';

const places = {
  'GET /api/rides/locations/from': () => okEnvelope(['Whitefield']),
  'GET /api/rides/locations/to': () => okEnvelope(['Koramangala']),
};
const today = istDate(Date.now());
const start = addDays(today, 3);
const until = addDays(today, 60);

function renderOffer() {
  return renderScreen(<OfferRideScreen />, {
    route: '/offer-ride',
    routes: { '/my-commutes': <p>My commutes page</p>, '/dashboard': <p>Dashboard page</p> },
  });
}

async function fillRide(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('From'), 'Whitefield');
  await user.type(screen.getByLabelText('To'), 'Koramangala');
  fireEvent.change(screen.getByLabelText('Departure Date'), { target: { value: start } });
  fireEvent.change(screen.getByLabelText('Departure Time'), { target: { value: '08:30' } });
  await user.type(screen.getByLabelText('Price per Seat (₹)'), '120');
  await user.type(screen.getByLabelText('Car Model'), 'Maruti Swift');
  await user.type(screen.getByLabelText('Car Number'), 'KA 01 AB 1234');
}

/** The text an input is described by (its hint). */
const described = (el: HTMLElement) =>
  document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? null;
const repeatGroup = () => screen.getByRole('group', { name: 'Repeat on' });

describe('Offer a ride: Repeat on', () => {
  beforeEach(() => {
    signIn();
  });

  it('offers seven weekday toggle buttons, none pressed, and asks for return and end only once a day is on', async () => {
    mockFetch(places);
    const user = userEvent.setup();
    renderOffer();
    const chips = within(repeatGroup()).getAllByRole('button');
    // The name is the text shown (axe: label-content-name-mismatch); the whole day is the abbreviation's title.
    expect(chips.map((c) => c.querySelector('abbr')?.title)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(chips.map((c) => c.textContent)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(chips.every((c) => c.getAttribute('aria-pressed') === 'false')).toBe(true);
    expect(screen.queryByLabelText('Return time (optional)')).toBeNull();
    await user.click(within(repeatGroup()).getByRole('button', { name: 'Wed' }));
    expect(within(repeatGroup()).getByRole('button', { name: 'Wed' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByLabelText('Return time (optional)')).toBeTruthy();
    expect(screen.getByLabelText('Until (optional)')).toBeTruthy();
    await user.click(within(repeatGroup()).getByRole('button', { name: 'Wed' }));
    expect(screen.queryByLabelText('Return time (optional)')).toBeNull();
  });

  it('creates a commute Mon–Fri with a return trip and goes to My Commutes', async () => {
    let body: Record<string, unknown> = {};
    const calls = mockFetch({
      ...places,
      'POST /api/commutes': async (req) => {
        body = (await req.json()) as Record<string, unknown>;
        return json(
          { success: true, data: { id: 'c1' }, message: 'Commute created successfully', error: null },
          201,
        );
      },
    });
    const user = userEvent.setup();
    renderOffer();
    await fillRide(user);
    for (const day of ['Fri', 'Mon', 'Tue', 'Wed', 'Thu'])
      await user.click(within(repeatGroup()).getByRole('button', { name: day }));
    fireEvent.change(screen.getByLabelText('Return time (optional)'), { target: { value: '18:00' } });
    fireEvent.change(screen.getByLabelText('Until (optional)'), { target: { value: until } });
    expect(screen.getByText(/^Repeats Mon–Fri at 08:30, returning at 18:00, until /)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Offer Ride' }));
    expect(await screen.findByText('My commutes page')).toBeTruthy();
    expect(body).toEqual({
      from: 'Whitefield',
      to: 'Koramangala',
      days: ['MON', 'TUE', 'WED', 'THU', 'FRI'],
      departureTime: '08:30',
      returnTime: '18:00',
      startDate: start,
      endDate: until,
      seats: 1,
      pricePerSeat: 120,
      carModel: 'Maruti Swift',
      carNumber: 'KA 01 AB 1234',
      additionalInfo: null,
      instantBooking: false,
    });
    expect(calls.some((c) => c.url.includes('/rides/offer'))).toBe(false);
    expect(await screen.findByText('Commute created successfully')).toBeTruthy();
  });

  it('keeps the stops of a repeated offer: the commute goes with them, and a failed send loses none', async () => {
    let sent = 0;
    let body: Record<string, unknown> = {};
    mockFetch({
      ...places,
      'POST /api/commutes': async (req) => {
        sent += 1;
        if (sent === 1) throw new TypeError('Failed to fetch');
        body = (await req.json()) as Record<string, unknown>;
        return json(
          { success: true, data: { id: 'c1' }, message: 'Commute created successfully', error: null },
          201,
        );
      },
    });
    const user = userEvent.setup();
    renderOffer();
    await fillRide(user);
    await user.click(screen.getByRole('button', { name: 'Add stop' }));
    await user.type(screen.getByRole('combobox', { name: 'Stop 1' }), 'Indiranagar');
    await user.type(screen.getByLabelText('Stop 1 time (optional)'), '08:50');
    await user.click(within(repeatGroup()).getByRole('button', { name: 'Mon' }));
    await user.click(screen.getByRole('button', { name: 'Offer Ride' }));

    // The banner, and the same words in a toast.
    expect(
      (await screen.findAllByText('Error: Network error. Please check your connection and try again.'))
        .length,
    ).toBeGreaterThan(0);
    expect((screen.getByRole('combobox', { name: 'Stop 1' }) as HTMLInputElement).value).toBe('Indiranagar');
    expect((screen.getByLabelText('Stop 1 time (optional)') as HTMLInputElement).value).toBe('08:50');
    expect(within(repeatGroup()).getByRole('button', { name: 'Mon' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await user.click(screen.getByRole('button', { name: 'Offer Ride' }));
    expect(await screen.findByText('My commutes page')).toBeTruthy();
    expect(body.stops).toEqual([{ place: 'Indiranagar', time: '08:50' }]);
  });

  it('refuses an end more than 6 months ahead, or before the first day, and a return at the departure time', async () => {
    const calls = mockFetch(places);
    const user = userEvent.setup();
    renderOffer();
    await fillRide(user);
    await user.click(within(repeatGroup()).getByRole('button', { name: 'Mon' }));
    fireEvent.change(screen.getByLabelText('Until (optional)'), { target: { value: addDays(today, 200) } });
    fireEvent.change(screen.getByLabelText('Return time (optional)'), { target: { value: '08:30' } });
    await user.click(screen.getByRole('button', { name: 'Offer Ride' }));
    expect(await screen.findByText(MSG.commuteEndTooFar)).toBeTruthy();
    expect(screen.getByText(MSG.commuteReturnSameTime)).toBeTruthy();
    expect(screen.getByLabelText('Until (optional)').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('Until (optional)'), { target: { value: addDays(start, -1) } });
    await user.click(screen.getByRole('button', { name: 'Offer Ride' }));
    expect(await screen.findByText(MSG.commuteEndBeforeStart)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says a return earlier than the departure comes back the next morning', async () => {
    mockFetch(places);
    const user = userEvent.setup();
    renderOffer();
    await fillRide(user);
    fireEvent.change(screen.getByLabelText('Departure Time'), { target: { value: '22:00' } });
    await user.click(within(repeatGroup()).getByRole('button', { name: 'Mon' }));
    const back = screen.getByLabelText('Return time (optional)');
    expect(described(back)).toBe('The same route back, on the same days');
    fireEvent.change(back, { target: { value: '06:00' } });
    expect(described(back)).toBe('Returns the next morning at 06:00');
    expect(
      screen.getByText('Repeats Mon at 22:00, returning the next morning at 06:00, until you stop it.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Departure Time'), { target: { value: '05:30' } });
    expect(described(back)).toBe('The same route back, on the same days');
  });

  it("shows the server's field message for the end date beside it", async () => {
    mockFetch({
      ...places,
      'POST /api/commutes': () =>
        json(
          {
            success: false,
            message: 'Validation failed',
            error: MSG.commuteEndTooFar,
            data: { endDate: MSG.commuteEndTooFar },
          },
          400,
        ),
    });
    const user = userEvent.setup();
    renderOffer();
    await fillRide(user);
    await user.click(within(repeatGroup()).getByRole('button', { name: 'Sat' }));
    fireEvent.change(screen.getByLabelText('Until (optional)'), { target: { value: until } });
    await user.click(screen.getByRole('button', { name: 'Offer Ride' }));
    expect(await screen.findByText(`endDate: ${MSG.commuteEndTooFar}`)).toBeTruthy();
    expect(screen.getByLabelText('Until (optional)').getAttribute('aria-invalid')).toBe('true');
  });
});
