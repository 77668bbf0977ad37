import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { json, mockFetch, okEnvelope, renderScreen, signIn } from '@/test/render';
import { FindRideScreen } from './find-ride-screen';

const place = (name: string, area: string, state: string, lat: number, lng: number, kind = 'locality') => ({
  id: `p-${name}`,
  name,
  area,
  state,
  lat,
  lng,
  kind,
});
const whitefield = place('Whitefield', 'Bengaluru', 'Karnataka', 12.9698, 77.75);
const whitefieldRoad = place('Whitefield Road', 'Hyderabad', 'Telangana', 17.45, 78.38);
const koramangala = place('Koramangala', 'Bengaluru', 'Karnataka', 12.9352, 77.6245);

function renderFind() {
  return renderScreen(<FindRideScreen />, { route: '/find-ride' });
}

function locateAt(outcome: { lat: number; lng: number } | { code: number }) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
        'code' in outcome
          ? fail({ code: outcome.code, message: 'no' } as GeolocationPositionError)
          : ok({ coords: { latitude: outcome.lat, longitude: outcome.lng } } as GeolocationPosition),
    },
  });
}

describe('Find Ride: place autocomplete', () => {
  beforeEach(() => {
    signIn();
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('lists the locality with its city and state, and takes one with the keyboard', async () => {
    mockFetch({ 'GET /api/places': () => okEnvelope([whitefield, whitefieldRoad]) });
    const user = userEvent.setup();
    renderFind();
    const from = screen.getByRole('combobox', { name: 'From' });
    expect(from.getAttribute('aria-expanded')).toBe('false');
    await user.type(from, 'white');
    const list = await screen.findByRole('listbox', { name: 'From suggestions' });
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'WhitefieldBengaluru, Karnataka',
      'Whitefield RoadHyderabad, Telangana',
    ]);
    expect(from.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(from.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect((from as HTMLInputElement).value).toBe('Whitefield');
    expect(from.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('1 ride found')).toBeNull(); // Enter took the place, it did not search
  });

  it('closes the list with Escape and takes a suggestion by click', async () => {
    mockFetch({ 'GET /api/places': () => okEnvelope([whitefield]) });
    const user = userEvent.setup();
    renderFind();
    const to = screen.getByRole('combobox', { name: 'To' });
    await user.type(to, 'whi');
    await screen.findByRole('option', { name: /Whitefield/ });
    await user.keyboard('{Escape}');
    expect(to.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{ArrowDown}');
    await user.click(screen.getByRole('option', { name: /Whitefield/ }));
    expect((to as HTMLInputElement).value).toBe('Whitefield');
  });

  it('keeps the list closed when Escape came before the suggestions did (a quick typist)', async () => {
    mockFetch({ 'GET /api/places': () => okEnvelope([whitefield]) });
    const user = userEvent.setup();
    renderFind();
    const to = screen.getByRole('combobox', { name: 'To' });
    await user.type(to, 'whi{Escape}');
    await new Promise((r) => setTimeout(r, 400)); // past the debounce and the answer
    expect(to.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('option', { name: /Whitefield/ })).toBeNull();
    await user.keyboard('{ArrowDown}'); // asked for, the list opens
    expect(await screen.findByRole('option', { name: /Whitefield/ })).toBeTruthy();
  });

  it('accepts free text when the places API answers nothing', async () => {
    const calls = mockFetch({
      'GET /api/places': () => json({ success: false, error: 'down' }, 503),
      'GET /api/rides/search': () => okEnvelope([]),
    });
    const user = userEvent.setup();
    renderFind();
    await user.type(screen.getByRole('combobox', { name: 'From' }), 'Hoskote Village');
    await user.type(screen.getByRole('combobox', { name: 'To' }), 'Mysuru');
    await user.type(screen.getByLabelText('Date'), '2030-06-15');
    await user.click(screen.getByRole('button', { name: 'Search Rides' }));
    expect(await screen.findByText('0 rides found')).toBeTruthy();
    const search = calls.find((c) => c.url.includes('/rides/search'))!;
    expect(new URL(search.url).searchParams.get('from')).toBe('Hoskote Village');
  });

  it('fills From with the nearest place to the browser location ("Near me")', async () => {
    const calls = mockFetch({ 'GET /api/places': () => okEnvelope([koramangala]) });
    locateAt({ lat: 12.934, lng: 77.626 });
    const user = userEvent.setup();
    renderFind();
    await user.click(screen.getByRole('button', { name: 'Near me' }));
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'From' }) as HTMLInputElement).value).toBe('Koramangala'),
    );
    const asked = new URL(calls.find((c) => c.url.includes('lat='))!.url).searchParams;
    expect([asked.get('lat'), asked.get('lng')]).toEqual(['12.93400', '77.62600']);
  });

  it('names the nearest place with its city when its bare name is another place ("Goregaon, Mumbai")', async () => {
    const goregaonMumbai = place('Goregaon', 'Mumbai', 'Maharashtra', 19.1663, 72.8526);
    const goregaonTown = {
      ...place('Goregaon', 'Goregaon', 'Maharashtra', 18.15, 73.28, 'town'),
      id: 'p-g2',
    };
    mockFetch({
      'GET /api/places': (req) =>
        okEnvelope(
          new URL(req.url).searchParams.has('lat') ? [goregaonMumbai] : [goregaonTown, goregaonMumbai],
        ),
    });
    locateAt({ lat: 19.166, lng: 72.853 });
    const user = userEvent.setup();
    renderFind();
    await user.click(screen.getByRole('button', { name: 'Near me' }));
    // A bare "Goregaon" is the town the server lists first for that name, 130 km from where the user is.
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'From' }) as HTMLInputElement).value).toBe(
        'Goregaon, Mumbai',
      ),
    );
  });

  it('falls back to the nearest big city when the server knows no place near the point', async () => {
    mockFetch({ 'GET /api/places': () => okEnvelope([]) });
    locateAt({ lat: 12.3, lng: 76.65 });
    const user = userEvent.setup();
    renderFind();
    await user.click(screen.getByRole('button', { name: 'Near me' }));
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'From' }) as HTMLInputElement).value).toBe('Mysuru'),
    );
  });

  it('says how to allow location access when the browser refuses it', async () => {
    mockFetch({ 'GET /api/places': () => okEnvelope([]) });
    locateAt({ code: 1 });
    const user = userEvent.setup();
    renderFind();
    await user.click(screen.getByRole('button', { name: 'Near me' }));
    expect(await screen.findByText('Allow location access in your browser to use "Near me".')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'From' }) as HTMLInputElement).value).toBe('');
  });

  it('takes a place that its bare name would not name with its state ("Kota, Chhattisgarh")', async () => {
    const kotaRajasthan = { ...place('Kota', 'Kota', 'Rajasthan', 25.18, 75.84, 'city'), id: 'p-kota-rj' };
    const kotaChhattisgarh = {
      ...place('Kota', 'Kota', 'Chhattisgarh', 22.3, 82.02, 'town'),
      id: 'p-kota-cg',
    };
    const calls = mockFetch({ 'GET /api/places': () => okEnvelope([kotaRajasthan, kotaChhattisgarh]) });
    const user = userEvent.setup();
    renderFind();
    const from = screen.getByRole('combobox', { name: 'From' });
    await user.type(from, 'kot');
    await user.click(await screen.findByRole('option', { name: /Chhattisgarh/ }));
    // The server takes a bare "Kota" for Rajasthan's (the first answer for the name): this one says which.
    await waitFor(() => expect((from as HTMLInputElement).value).toBe('Kota, Chhattisgarh'));
    expect(calls.some((c) => new URL(c.url).searchParams.get('q') === 'Kota')).toBe(true);

    const to = screen.getByRole('combobox', { name: 'To' });
    await user.type(to, 'kot');
    await user.click(await screen.findByRole('option', { name: /Rajasthan/ }));
    await new Promise((r) => setTimeout(r, 50));
    expect((to as HTMLInputElement).value).toBe('Kota');
  });
});
