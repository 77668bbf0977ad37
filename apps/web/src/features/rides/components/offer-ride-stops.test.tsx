import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockFetch, okEnvelope, renderScreen, signIn } from '@/test/render';
import { fillRide, places } from '@/test/route-places';
import { MSG } from '@saathchalo/shared';
import { OfferRideScreen } from './offer-ride-screen';

describe('Offer Ride: stops and suggested price', () => {
  beforeEach(() => {
    signIn();
  });

  it('adds, reorders and removes stops, suggests a price from the distance and sends the stops', async () => {
    const calls = mockFetch({
      ...places,
      'POST /api/rides/offer': () => okEnvelope({ id: 'r1' }, 'Ride offered successfully'),
    });
    const user = userEvent.setup();
    renderScreen(<OfferRideScreen />, {
      route: '/offer-ride',
      routes: { '/dashboard': <p>Dashboard page</p> },
    });
    await fillRide(user);
    expect(await screen.findByTestId('suggested-price')).toBeTruthy();
    expect(screen.getByTestId('suggested-price').parentElement!.textContent).toBe(
      'Suggested: ₹384 per seat (128 km × ₹3/km)',
    );

    await user.click(screen.getByRole('button', { name: 'Add stop' }));
    await user.click(screen.getByRole('button', { name: 'Add stop' }));
    await user.type(screen.getByRole('combobox', { name: 'Stop 1' }), 'Mandya');
    await user.type(screen.getByLabelText('Stop 1 time (optional)'), '09:10');
    await user.type(screen.getByRole('combobox', { name: 'Stop 2' }), 'Maddur');
    // Maddur comes before Mandya on the way: move it up.
    await user.click(screen.getByRole('button', { name: 'Move stop 2 up' }));
    expect((screen.getByRole('combobox', { name: 'Stop 1' }) as HTMLInputElement).value).toBe('Maddur');
    expect((screen.getByLabelText('Stop 2 time (optional)') as HTMLInputElement).value).toBe('09:10');
    // 128.6 km through the stops: the price is the kilometres shown times the rate, as the line reads.
    await waitFor(() =>
      expect(screen.getByTestId('suggested-price').parentElement!.textContent).toBe(
        'Suggested: ₹387 per seat (129 km × ₹3/km)',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Use suggested price' }));
    expect((screen.getByLabelText('Price per Seat (₹)') as HTMLInputElement).value).toBe('387');

    await user.click(screen.getByRole('button', { name: 'Offer Ride' }));
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    const body = await calls.find((c) => c.method === 'POST')!.json();
    expect(body.stops).toEqual([
      { place: 'Maddur', time: null },
      { place: 'Mandya', time: '09:10' },
    ]);
    expect(body.pricePerSeat).toBe(387);
  });

  it('keeps the keyboard on the stop it moved, and next to the stop it removed', async () => {
    mockFetch(places);
    const user = userEvent.setup();
    renderScreen(<OfferRideScreen />, { route: '/offer-ride' });
    const add = screen.getByRole('button', { name: 'Add stop' });
    for (let i = 0; i < 3; i++) await user.click(add);
    const focused = () =>
      document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent;

    // Stop 2 goes up to be stop 1, where it cannot go further up: its other arrow takes the focus.
    screen.getByRole('button', { name: 'Move stop 2 up' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(focused()).toBe('Move stop 1 down'));
    // Stop 1 goes down to be stop 2, and can go on down.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(focused()).toBe('Move stop 2 down'));

    // Removing stop 2: the stop that takes its place; removing the last: the one before; then Add stop.
    screen.getByRole('button', { name: 'Remove stop 2' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(focused()).toBe('Remove stop 2'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(focused()).toBe('Remove stop 1'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(focused()).toBe('Add stop'));
  });

  it("puts the keyboard in a new stop's place, also at the last stop allowed (when Add stop turns off)", async () => {
    mockFetch(places);
    const user = userEvent.setup();
    renderScreen(<OfferRideScreen />, { route: '/offer-ride' });
    await user.click(screen.getByRole('button', { name: 'Add stop' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Stop 1' })),
    );
    for (let n = 2; n <= 6; n++) {
      await user.click(screen.getByRole('button', { name: 'Add stop' }));
      await waitFor(() =>
        expect(document.activeElement).toBe(screen.getByRole('combobox', { name: `Stop ${n}` })),
      );
    }
    expect((screen.getByRole('button', { name: 'Up to 6 stops' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the shared texts for a stop without a place and one equal to its neighbour, and allows 6 at most', async () => {
    mockFetch(places);
    const user = userEvent.setup();
    renderScreen(<OfferRideScreen />, { route: '/offer-ride' });
    await fillRide(user);
    await user.type(screen.getByLabelText('Price per Seat (₹)'), '300');
    const add = screen.getByRole('button', { name: 'Add stop' });
    await user.click(add);
    await user.click(add);
    await user.type(screen.getByRole('combobox', { name: 'Stop 2' }), 'Mysuru');
    await user.click(screen.getByRole('button', { name: 'Offer Ride' }));
    expect(await screen.findByText('Stop location is required')).toBeTruthy();
    expect(
      screen.getByText('A stop must be different from the place before it and the place after it'),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove stop 1' }));
    expect(screen.queryByRole('combobox', { name: 'Stop 2' })).toBeNull();
    for (let i = 0; i < 5; i++) await user.click(screen.getByRole('button', { name: 'Add stop' }));
    const full = screen.getByRole('button', { name: 'Up to 6 stops' }) as HTMLButtonElement;
    expect(full.disabled).toBe(true);
    expect(
      within(screen.getByRole('group', { name: 'Stops on the way (optional)' })).getAllByRole('listitem')
        .length,
    ).toBe(6);
  });

  it('draws the route as it is typed, so a stop out of order shows before the ride is saved', async () => {
    mockFetch({
      ...places,
      'GET /api/config': () => okEnvelope({ mapTilesUrl: null, mapAttribution: null }),
    });
    const user = userEvent.setup();
    renderScreen(<OfferRideScreen />, { route: '/offer-ride' });
    await fillRide(user);
    const picture = async () => within(await screen.findByTestId('route-preview')).getByRole('img');
    expect(await screen.findByRole('img', { name: /^Route: Bengaluru → Mysuru/ })).toBe(await picture());

    await user.click(screen.getByRole('button', { name: 'Add stop' }));
    await user.click(screen.getByRole('button', { name: 'Add stop' }));
    await user.type(screen.getByRole('combobox', { name: 'Stop 1' }), 'Mandya');
    await user.type(screen.getByRole('combobox', { name: 'Stop 2' }), 'Maddur');
    expect(
      await screen.findByRole('img', { name: /^Route: Bengaluru → Mandya → Maddur → Mysuru/ }),
    ).toBeTruthy();
    expect((await picture()).querySelectorAll('line')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Move stop 2 up' }));
    expect(
      await screen.findByRole('img', { name: /^Route: Bengaluru → Maddur → Mandya → Mysuru/ }),
    ).toBeTruthy();
  });

  it('draws nothing until two points are places it knows', async () => {
    mockFetch({
      ...places,
      'GET /api/config': () => okEnvelope({ mapTilesUrl: null, mapAttribution: null }),
    });
    const user = userEvent.setup();
    renderScreen(<OfferRideScreen />, { route: '/offer-ride' });
    await user.type(screen.getByRole('combobox', { name: 'From' }), 'Bengaluru');
    await user.type(screen.getByRole('combobox', { name: 'To' }), 'Nowhere Junction');
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByTestId('route-preview')).toBeNull();
  });

  it('suggests a price from the place a field names with its state ("Kota, Chhattisgarh"), not the bigger Kota', async () => {
    const kota = (state: string, lat: number, lng: number) => ({
      ...{ id: `kota-${state}`, name: 'Kota', area: 'Kota', state, lat, lng, kind: 'city' },
    });
    const bilaspur = {
      id: 'bsp',
      name: 'Bilaspur',
      area: 'Bilaspur',
      state: 'Chhattisgarh',
      lat: 22.08,
      lng: 82.16,
      kind: 'city',
    };
    mockFetch({
      'GET /api/places': (req: Request) => {
        const q = (new URL(req.url).searchParams.get('q') ?? '').toLowerCase();
        if (q.startsWith('kota,')) return okEnvelope([kota('Chhattisgarh', 22.3, 82.02)]);
        if ('kota'.startsWith(q))
          return okEnvelope([kota('Rajasthan', 25.18, 75.84), kota('Chhattisgarh', 22.3, 82.02)]);
        return okEnvelope('bilaspur'.startsWith(q) ? [bilaspur] : []);
      },
    });
    const user = userEvent.setup();
    renderScreen(<OfferRideScreen />, { route: '/offer-ride' });
    await user.type(screen.getByRole('combobox', { name: 'From' }), 'Kota, Chhattisgarh');
    await user.type(screen.getByRole('combobox', { name: 'To' }), 'Bilaspur');
    // About 29 km apart; Kota of Rajasthan would make it about 670 km.
    await waitFor(() =>
      expect(screen.getByTestId('suggested-price').parentElement!.textContent).toMatch(
        /\((2\d|3\d) km × ₹3\/km\)$/,
      ),
    );
  });

  it("shows the server's refusal of a stop's time beside that stop, as well as in the list", async () => {
    mockFetch({
      ...places,
      'POST /api/rides/offer': () =>
        json(
          {
            ...{ success: false, message: 'Validation failed', error: MSG.stopTimeOrder },
            data: { 'stops.1.time': MSG.stopTimeOrder },
          },
          400,
        ),
    });
    const user = userEvent.setup();
    renderScreen(<OfferRideScreen />, { route: '/offer-ride' });
    await fillRide(user);
    await user.type(screen.getByLabelText('Price per Seat (₹)'), '300');
    await user.click(screen.getByRole('button', { name: 'Add stop' }));
    await user.type(screen.getByRole('combobox', { name: 'Stop 1' }), 'Maddur');
    await user.type(screen.getByLabelText('Stop 1 time (optional)'), '09:40');
    await user.click(screen.getByRole('button', { name: 'Add stop' }));
    await user.type(screen.getByRole('combobox', { name: 'Stop 2' }), 'Mandya');
    await user.type(screen.getByLabelText('Stop 2 time (optional)'), '09:10');
    await user.click(screen.getByRole('button', { name: 'Offer Ride' }));
    expect(await screen.findByText(`stops.1.time: ${MSG.stopTimeOrder}`)).toBeTruthy();
    const time = screen.getByLabelText('Stop 2 time (optional)');
    expect(time.getAttribute('aria-invalid')).toBe('true');
    expect(
      (time.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toContain(MSG.stopTimeOrder);
  });
});
