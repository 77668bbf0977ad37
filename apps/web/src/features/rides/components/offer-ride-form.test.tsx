import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, mockFetch, okEnvelope, renderScreen, signIn } from '@/test/render';
import { OfferRideScreen } from './offer-ride-screen';

const places = { 'GET /api/places': () => okEnvelope([]) };

function renderOffer() {
  return renderScreen(<OfferRideScreen />, {
    route: '/offer-ride',
    routes: { '/dashboard': <p>Dashboard page</p> },
  });
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('From'), 'Pune');
  await user.type(screen.getByLabelText('To'), 'Mumbai');
  fireEvent.change(screen.getByLabelText('Departure Date'), { target: { value: '2030-06-15' } });
  fireEvent.change(screen.getByLabelText('Departure Time'), { target: { value: '08:30' } });
  await user.type(screen.getByLabelText('Price per Seat (₹)'), '300');
  await user.type(screen.getByLabelText('Car Model'), 'Maruti Swift');
  await user.type(screen.getByLabelText('Car Number'), 'MH 12 AB 1234');
}

describe('Offer Ride form', () => {
  beforeEach(() => {
    signIn();
  });
  afterEach(() => {
    onlineManager.setOnline(true);
  });

  it('shows the specification texts next to the fields', async () => {
    mockFetch(places);
    const user = userEvent.setup();
    renderOffer();
    expect(screen.getByRole('heading', { level: 1, name: 'Offer a Ride' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Offer Ride' }));
    for (const text of [
      'Starting location is required',
      'Destination is required',
      'Departure date is required',
      'Departure time is required',
      'Please enter a valid price per seat',
      'Car model is required',
      'Car number is required',
    ]) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses a date earlier than today and a price of 0', async () => {
    mockFetch(places);
    const user = userEvent.setup();
    renderOffer();
    fireEvent.change(screen.getByLabelText('Departure Date'), { target: { value: '2020-01-01' } });
    await user.type(screen.getByLabelText('Price per Seat (₹)'), '0');
    await user.click(screen.getByRole('button', { name: 'Offer Ride' }));
    expect(await screen.findByText('Departure date cannot be earlier than today')).toBeTruthy();
    expect(screen.getByText('Please enter a valid price per seat')).toBeTruthy();
  });

  it('keeps the seat stepper between 1 and 8 and previews price times seats in rupees', async () => {
    mockFetch(places);
    const user = userEvent.setup();
    renderOffer();
    const less = screen.getByRole('button', { name: 'Decrease seats' });
    const more = screen.getByRole('button', { name: 'Increase seats' });
    const seats = screen.getByRole('status', { name: 'Seats' });
    expect(seats.textContent).toBe('1');
    expect((less as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Price per Seat (₹)'), '1250');
    expect(screen.getByTestId('earning').textContent).toBe('₹1,250');
    await user.click(more);
    await user.click(more);
    expect(seats.textContent).toBe('3');
    expect(screen.getByTestId('earning').textContent).toBe('₹3,750');
    for (let i = 0; i < 10; i++) if (!(more as HTMLButtonElement).disabled) await user.click(more);
    expect(seats.textContent).toBe('8');
    expect((more as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('earning').textContent).toBe('₹10,000');
    await user.click(less);
    expect(seats.textContent).toBe('7');
  });

  it('publishes the ride and goes to the dashboard', async () => {
    let body: Record<string, unknown> = {};
    mockFetch({
      ...places,
      'POST /api/rides/offer': async (req) => {
        body = (await req.json()) as Record<string, unknown>;
        return json(
          { success: true, data: { id: 'r9' }, message: 'Ride offered successfully', error: null },
          201,
        );
      },
    });
    const user = userEvent.setup();
    renderOffer();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Increase seats' }));
    await user.click(screen.getByRole('button', { name: 'Offer Ride' }));
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(body).toMatchObject({
      from: 'Pune',
      to: 'Mumbai',
      departureDate: '2030-06-15',
      departureTime: '08:30',
      passengers: 2,
      pricePerSeat: 300,
      carModel: 'Maruti Swift',
      carNumber: 'MH 12 AB 1234',
      additionalInfo: null,
    });
    expect(await screen.findByText('Ride offered successfully')).toBeTruthy();
  });

  it('shows the server message with a Validation errors list', async () => {
    mockFetch({
      ...places,
      'POST /api/rides/offer': () =>
        json(
          {
            success: false,
            message: 'Validation failed',
            error: 'Car number is required',
            data: { carNumber: 'Car number is required', from: 'Starting location is required' },
          },
          400,
        ),
    });
    const user = userEvent.setup();
    renderOffer();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Offer Ride' }));
    expect(await screen.findByText('Validation errors:')).toBeTruthy();
    expect(screen.getByText('carNumber: Car number is required')).toBeTruthy();
    expect(screen.getByText('from: Starting location is required')).toBeTruthy();
    expect(screen.getByLabelText('Car Number').getAttribute('aria-invalid')).toBe('true');
  });

  it('falls back to the default text, and shows a thrown error as Error: ...', async () => {
    mockFetch({ ...places, 'POST /api/rides/offer': () => json({ success: false }, 500) });
    const user = userEvent.setup();
    renderOffer();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Offer Ride' }));
    expect((await screen.findAllByText('Failed to create ride. Please try again.')).length).toBeGreaterThan(
      0,
    );

    globalThis.fetch = (async (input: RequestInfo | URL) => {
      if (String(input).includes('/places')) return okEnvelope([]);
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await user.click(screen.getByRole('button', { name: 'Offer Ride' }));
    await waitFor(() =>
      expect(
        screen.getAllByText('Error: Network error. Please check your connection and try again.').length,
      ).toBeGreaterThan(0),
    );
  });

  it('with the phone offline, Offer Ride fails at once with the network message, the form kept', async () => {
    // A tunnel: the browser reports no connection and every request fails.
    mockFetch(places);
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const user = userEvent.setup();
    renderOffer();
    await fillValid(user);
    onlineManager.setOnline(false);
    await user.click(screen.getByRole('button', { name: 'Offer Ride' }));
    await waitFor(() =>
      expect(
        screen.getAllByText('Error: Network error. Please check your connection and try again.').length,
      ).toBeGreaterThan(0),
    );
    expect(screen.getByRole('button', { name: 'Offer Ride' }).hasAttribute('disabled')).toBe(false);
    expect((screen.getByLabelText('Car Number') as HTMLInputElement).value).toBe('MH 12 AB 1234');
  });

  it('a double tap on Offer Ride publishes one ride', async () => {
    const calls = mockFetch({
      ...places,
      'POST /api/rides/offer': () =>
        json({ success: true, data: { id: 'r1' }, message: 'Ride offered', error: null }, 201),
    });
    const user = userEvent.setup();
    renderOffer();
    await fillValid(user);
    // Both taps land before the screen has drawn the button as busy (a cheap phone, a slow network).
    const offer = screen.getByRole('button', { name: 'Offer Ride' });
    fireEvent.click(offer);
    fireEvent.click(offer);
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
