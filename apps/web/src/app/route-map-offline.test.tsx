import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '@/components/ui/confirm';
import { createQueryClient } from '@/lib/query-client';
import { mockFetch, okEnvelope, signIn } from '@/test/render';
import { buildSegmentRide } from '@/test/ride-fixtures';
import { fillRide, places } from '@/test/route-places';
import { NavigationBridge } from './layout/navigation-bridge';
import { AppRoutes } from './router';

// The map's chunk (Leaflet) does not arrive the first time in each test: offline, or a 2G connection
// dropped the request. A module that loaded stays loaded, so the test where it loads comes last.
const loads = vi.hoisted(() => ({ count: 0 }));
vi.mock('@/features/places/components/route-map', () => {
  loads.count += 1;
  if (loads.count === 1)
    throw new TypeError('Failed to fetch dynamically imported module: /assets/route-map.js');
  return { default: () => <div role="region" aria-label="Map of the route" /> };
});

const tiles = {
  'GET /api/config': () =>
    okEnvelope({ mapTilesUrl: 'https://tiles.example.in/{z}/{x}/{y}.png', mapAttribution: '© Example maps' }),
};
const search = '/find-ride?from=Mandya+Town&to=Mysuru&date=2030-06-15&passengers=2';

/** The whole app, its layout and the error boundary around each screen, as a visitor gets it. */
function renderApp(route: string) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <NavigationBridge />
        <ConfirmProvider>
          <AppRoutes />
        </ConfirmProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Search results, a ride's Show route tapped, and its map's code failed to come. */
async function routeShownWithoutMap() {
  mockFetch({ ...tiles, 'GET /api/rides/search': () => okEnvelope([buildSegmentRide()]) });
  const user = userEvent.setup();
  renderApp(search);
  const card = await screen.findByRole('listitem', { name: 'Bengaluru to Mysuru' }, { timeout: 5000 });
  await user.click(within(card).getByRole('button', { name: 'Show route' }));
  await waitFor(() => expect(loads.count).toBe(1));
  // The map's placeholder goes once its code has failed.
  await waitFor(() => expect(card.querySelector('.animate-pulse')).toBeNull());
  return { user, card };
}

describe('the map that cannot load', () => {
  beforeEach(() => {
    signIn();
    loads.count = 0;
  });

  it("a search result's route shows as the picture when the map's code fails, and the ride can still be booked", async () => {
    const { user, card } = await routeShownWithoutMap();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
    const picture = within(card).getByRole('img', { name: /^Route: Bengaluru → Mandya → Mysuru/ });
    expect(picture.querySelector('desc')!.textContent).toBe(
      'Bengaluru 8:00 am, Mandya 9:10 am, Mysuru 10:00 am. Your part: Mandya to Mysuru.',
    );
    expect(within(card).queryByRole('region', { name: 'Map of the route' })).toBeNull();

    await user.click(within(card).getByRole('button', { name: 'Book Ride' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book Ride' });
    expect(within(dialog).getByRole('button', { name: 'Confirm Booking' })).toBeTruthy();
  });

  it("the offer form draws its route as the picture when the map's code fails, and keeps the form", async () => {
    mockFetch({ ...places, ...tiles });
    const user = userEvent.setup();
    renderApp('/offer-ride');
    await screen.findByRole('heading', { level: 1, name: 'Offer a Ride' }, { timeout: 5000 });
    await fillRide(user);
    const preview = await screen.findByTestId('route-preview');
    await waitFor(() => expect(loads.count).toBe(1));
    await waitFor(() => expect(preview.querySelector('.animate-pulse')).toBeNull());
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
    expect(within(preview).getByRole('img', { name: /^Route: Bengaluru → Mysuru/ })).toBeTruthy();
    expect((screen.getByLabelText('Car Number') as HTMLInputElement).value).toBe('KA 01 AB 1234');
  });

  it('asks for the map again the next time a route is drawn, and shows it once its code comes', async () => {
    const { user, card } = await routeShownWithoutMap();
    await user.click(within(card).getByRole('button', { name: 'Hide route' }));
    await user.click(within(card).getByRole('button', { name: 'Show route' }));
    expect(await within(card).findByRole('region', { name: 'Map of the route' })).toBeTruthy();
    expect(within(card).getByRole('img', { name: /^Route: Bengaluru/ })).toBeTruthy();
  });
});
