import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch, okEnvelope, renderScreen, signIn } from '@/test/render';
import { buildSegmentRide } from '../testing/fixtures';
import { FindRideScreen } from './find-ride-screen';

const route = '/find-ride?from=Mandya+Town&to=Mysuru&date=2030-06-15&passengers=2';
const noTiles = { 'GET /api/config': () => okEnvelope({ mapTilesUrl: null, mapAttribution: null }) };

function renderFind() {
  return renderScreen(<FindRideScreen />, { route, routes: { '/dashboard': <p>Dashboard page</p> } });
}

describe('Find Ride: rides along the way', () => {
  beforeEach(() => {
    signIn();
  });

  it('shows where the passenger boards and leaves, how far from what they typed, the time and the price', async () => {
    mockFetch({ 'GET /api/rides/search': () => okEnvelope([buildSegmentRide()]) });
    renderFind();
    const card = await screen.findByRole('listitem', { name: 'Bengaluru to Mysuru' });
    const segment = within(card).getByTestId('segment');
    expect(segment.textContent).toBe(
      'Board:Mandya, Sat, 15 Jun, 2030 9:10 am · 1.2 km from Mandya TownLeave:Mysuru, 10:00 am',
    );
    expect(within(card).getByText('9:10 am')).toBeTruthy(); // the boarding time, not the 8:00 departure
    expect(within(card).getByText('₹150')).toBeTruthy();
    expect(within(card).getByText('2 of 3 seats available')).toBeTruthy();
  });

  it('draws the route with the passenger part highlighted, without map tiles', async () => {
    const calls = mockFetch({ ...noTiles, 'GET /api/rides/search': () => okEnvelope([buildSegmentRide()]) });
    const user = userEvent.setup();
    renderFind();
    const card = await screen.findByRole('listitem', { name: 'Bengaluru to Mysuru' });
    expect(calls.some((c) => c.url.includes('/api/config'))).toBe(false); // only when a route is drawn
    await user.click(within(card).getByRole('button', { name: 'Show route' }));
    const picture = within(card).getByRole('img', { name: /^Route: Bengaluru → Mandya → Mysuru/ });
    expect(picture.querySelector('desc')!.textContent).toBe(
      'Bengaluru 8:00 am, Mandya 9:10 am, Mysuru 10:00 am. Your part: Mandya to Mysuru.',
    );
    const legs = [...picture.querySelectorAll('line')].map((l) => [l.dataset.leg, l.dataset.segment ?? 'no']);
    expect(legs).toEqual([
      ['0', 'no'],
      ['1', 'true'],
    ]);
    expect([...picture.querySelectorAll('text')].map((t) => t.textContent)).toEqual([
      'Bengaluru',
      'Mandya',
      'Mysuru',
    ]);
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/api/config'))).toBe(true));
    expect(within(card).queryByRole('region', { name: 'Map of the route' })).toBeNull();
  });

  it("names the passenger's part by where they board and leave, also on the line between two points", async () => {
    // Kengeri is on the way from Bengaluru to Mandya: the seats are the whole first leg's, the boarding is Kengeri.
    const ride = buildSegmentRide();
    const segment = {
      ...ride.segment!,
      fromStop: 0,
      toStop: 1,
      from: { place: 'Kengeri', date: '2030-06-15', time: '08:20', distanceKm: 1.4 },
      to: { place: 'Mandya', date: '2030-06-15', time: '09:10', distanceKm: 0 },
    };
    mockFetch({ ...noTiles, 'GET /api/rides/search': () => okEnvelope([{ ...ride, segment }]) });
    const user = userEvent.setup();
    renderFind();
    const card = await screen.findByRole('listitem', { name: 'Bengaluru to Mysuru' });
    expect(within(card).getByTestId('segment').textContent).toMatch(/^Board:Kengeri, .+Leave:Mandya, /);
    await user.click(within(card).getByRole('button', { name: 'Show route' }));
    const picture = within(card).getByRole('img', { name: /^Route: Bengaluru → Mandya → Mysuru/ });
    expect(picture.querySelector('desc')!.textContent).toBe(
      'Bengaluru 8:00 am, Mandya 9:10 am, Mysuru 10:00 am. Your part: Kengeri to Mandya.',
    );
  });

  it('draws a map under the route, with its attribution, when the server has map tiles', async () => {
    mockFetch({
      'GET /api/config': () =>
        okEnvelope({
          mapTilesUrl: 'https://tiles.example.in/{z}/{x}/{y}.png',
          mapAttribution: '© Example maps',
        }),
      'GET /api/rides/search': () => okEnvelope([buildSegmentRide()]),
    });
    const user = userEvent.setup();
    renderFind();
    const card = await screen.findByRole('listitem', { name: 'Bengaluru to Mysuru' });
    await user.click(within(card).getByRole('button', { name: 'Show route' }));
    const map = await within(card).findByRole('region', { name: 'Map of the route' });
    await waitFor(() => expect(map.textContent).toContain('© Example maps'));
    expect(map.querySelector('img.leaflet-tile')?.getAttribute('src')).toMatch(
      /^https:\/\/tiles\.example\.in\/\d+\/\d+\/\d+\.png$/,
    );
    expect(within(card).getByRole('img', { name: /^Route: Bengaluru/ })).toBeTruthy(); // the picture stays
  });

  it('books the segment the search showed: its points and where it said the passenger boards and leaves', async () => {
    const calls = mockFetch({
      'GET /api/rides/search': () => okEnvelope([buildSegmentRide()]),
      'POST /api/rides/r1/book': () => okEnvelope({ id: 'b1' }, 'Ride booked successfully'),
    });
    const user = userEvent.setup();
    renderFind();
    const card = await screen.findByRole('listitem', { name: 'Bengaluru to Mysuru' });
    await user.click(within(card).getByRole('button', { name: 'Book Ride' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book Ride' });
    expect(
      within(dialog).getByText('Mandya to Mysuru, Sat, 15 Jun, 2030 at 9:10 am with Ravi Kumar'),
    ).toBeTruthy();
    expect(within(dialog).getByText('₹300')).toBeTruthy(); // 2 seats × the segment's ₹150
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    const book = calls.find((c) => c.method === 'POST')!;
    expect(await book.json()).toEqual({
      seatsRequested: 2,
      pickupLocation: null,
      dropLocation: null,
      fromStop: 1,
      toStop: 2,
      pickupPlace: 'Mandya',
      dropPlace: 'Mysuru',
    });
  });
});
