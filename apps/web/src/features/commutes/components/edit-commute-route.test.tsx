import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockFetch, okEnvelope, renderScreen, signIn } from '@/test/render';
import { addDays, istDate, MSG, type Commute, type RideStop } from '@saathchalo/shared';
import { buildCommute, buildCommuteRide } from '../testing/fixtures';
import { MyCommutesScreen } from './my-commutes-screen';

const gazetteer: Record<string, [number, number]> = {
  Whitefield: [12.9698, 77.75],
  Marathahalli: [12.9591, 77.6974],
  Bellandur: [12.9304, 77.6784],
  Koramangala: [12.9352, 77.6245],
  'HSR Layout': [12.9116, 77.6474],
};

/** GET /api/places?q=: the known places of that name, as the gazetteer answers them. */
const places = {
  'GET /api/places': (req: Request) => {
    const q = (new URL(req.url).searchParams.get('q') ?? '').toLowerCase();
    const hits = Object.entries(gazetteer).filter(([name]) => name.toLowerCase().startsWith(q));
    return okEnvelope(
      hits.map(([name, [lat, lng]]) => ({
        ...{ id: name, name, area: 'Bengaluru', state: 'Karnataka', lat, lng },
        kind: 'locality',
      })),
    );
  },
  'GET /api/config': () => okEnvelope({ mapTilesUrl: null, mapAttribution: null }),
};

const point = (index: number, place: string, time: string): RideStop => ({
  ...{ index, place, time, date: '2030-06-17', lat: null, lng: null, estimated: false },
  seatsToNext: index === 2 ? null : 1,
});

/** Whitefield to Koramangala via Marathahalli; Monday's ride is booked, so an edit leaves it as it is. */
const commute = buildCommute({
  stops: [{ place: 'Marathahalli', time: '08:50' }],
  ...{ returnTime: null, startDate: addDays(istDate(Date.now()), 1), endDate: null },
  upcoming: [
    buildCommuteRide({
      id: 'r1',
      bookedSeats: 2,
      availableSeats: 1,
      stops: [
        point(0, 'Whitefield', '08:30'),
        point(1, 'Marathahalli', '08:50'),
        point(2, 'Koramangala', '09:20'),
      ],
    }),
  ],
});

/** Serves My Commutes, and answers a PUT as the server does: the commute as sent, its booked ride kept. */
function serve() {
  let current: Commute = commute;
  const bodies: Record<string, unknown>[] = [];
  mockFetch({
    ...places,
    'GET /api/commutes/my': () => okEnvelope([current]),
    'PUT /api/commutes/c1': async (req) => {
      const body = (await req.json()) as Record<string, unknown>;
      bodies.push(body);
      current = { ...current, ...(body as Partial<Commute>) };
      return okEnvelope(current, 'Commute updated successfully');
    },
  });
  return bodies;
}

async function openEdit(user: ReturnType<typeof userEvent.setup>) {
  renderScreen(<MyCommutesScreen />, { route: '/my-commutes' });
  const card = await screen.findByRole('listitem', { name: 'Whitefield to Koramangala' });
  await user.click(within(card).getByRole('button', { name: 'Edit' }));
  return screen.findByRole('dialog', { name: 'Edit Commute' });
}

describe('Edit Commute: the route', () => {
  beforeEach(() => {
    signIn();
  });

  it('changes To and the stops, draws the new route, sends them, and the card shows the new route', async () => {
    const bodies = serve();
    const user = userEvent.setup();
    const dialog = await openEdit(user);
    expect(
      within(dialog).getByText(/^Your changes apply to the rides nobody has booked yet/).textContent,
    ).toBe(
      'Your changes apply to the rides nobody has booked yet and to every later one. Rides already booked keep their route, times, seats and price. Passengers with a standing booking get one e-mail saying what changed, ten minutes after your last change.',
    );
    const field = (name: string) => within(dialog).getByRole('combobox', { name }) as HTMLInputElement;
    expect([field('From').value, field('To').value, field('Stop 1').value]).toEqual([
      'Whitefield',
      'Koramangala',
      'Marathahalli',
    ]);
    expect((within(dialog).getByLabelText('Stop 1 time (optional)') as HTMLInputElement).value).toBe('08:50');

    await user.click(within(dialog).getByRole('button', { name: 'Add stop' }));
    await user.type(field('Stop 2'), 'Bellandur');
    await user.clear(field('To'));
    await user.type(field('To'), 'HSR Layout');
    expect(
      await within(dialog).findByRole('img', {
        name: /^Route: Whitefield → Marathahalli → Bellandur → HSR Layout/,
      }),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Commute' })).toBeNull());
    expect(bodies).toHaveLength(1);
    expect([bodies[0]!.from, bodies[0]!.to, bodies[0]!.stops]).toEqual([
      'Whitefield',
      'HSR Layout',
      [
        { place: 'Marathahalli', time: '08:50' },
        { place: 'Bellandur', time: null },
      ],
    ]);
    const card = await screen.findByRole('listitem', { name: 'Whitefield to HSR Layout' });
    expect(within(card).getByText('via Marathahalli, Bellandur')).toBeTruthy();
    // Monday's ride was booked: it keeps the route its passengers booked, and says so.
    const monday = within(within(card).getByRole('list', { name: 'Next rides' })).getAllByRole(
      'listitem',
    )[0]!;
    expect(monday.textContent).toContain(
      'Keeps its booked route: Whitefield →to Marathahalli →to Koramangala',
    );
  });

  it('removes the last stop: the PUT carries no stops', async () => {
    const bodies = serve();
    const user = userEvent.setup();
    const dialog = await openEdit(user);
    await user.click(within(dialog).getByRole('button', { name: 'Remove stop 1' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]!.stops).toEqual([]);
    const card = await screen.findByRole('listitem', { name: 'Whitefield to Koramangala' });
    expect(within(card).queryByText(/^via /)).toBeNull();
  });

  it('refuses a route the offer form refuses, with its texts beside the fields, and sends nothing', async () => {
    const bodies = serve();
    const user = userEvent.setup();
    const dialog = await openEdit(user);
    await user.clear(within(dialog).getByRole('combobox', { name: 'To' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add stop' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Stop 2' }), 'Marathahalli');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(MSG.toRequired)).toBeTruthy();
    expect(within(dialog).getByText(MSG.stopSameAsNeighbour)).toBeTruthy();
    expect(bodies).toHaveLength(0);
  });

  it('Escape in a place field closes its suggestions and keeps the dialog and the edits; a second Escape closes the dialog', async () => {
    serve();
    const user = userEvent.setup();
    const dialog = await openEdit(user);
    const to = within(dialog).getByRole('combobox', { name: 'To' });
    await user.clear(to);
    await user.type(to, 'HSR');
    await waitFor(() => expect(to.getAttribute('aria-expanded')).toBe('true'));
    await user.keyboard('{Escape}');
    expect(to.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('dialog', { name: 'Edit Commute' })).toBe(dialog);
    expect((to as HTMLInputElement).value).toBe('HSR');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Commute' })).toBeNull());
  });

  it("shows the server's refusal of a stop's time beside that stop", async () => {
    mockFetch({
      ...places,
      'GET /api/commutes/my': () => okEnvelope([commute]),
      'PUT /api/commutes/c1': () =>
        json(
          {
            ...{ success: false, message: 'Validation failed', error: MSG.stopTimeOrder },
            data: { 'stops.0.time': MSG.stopTimeOrder },
          },
          400,
        ),
    });
    const user = userEvent.setup();
    const dialog = await openEdit(user);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    const time = within(dialog).getByLabelText('Stop 1 time (optional)');
    await waitFor(() => expect(time.getAttribute('aria-invalid')).toBe('true'));
    expect(
      (time.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toContain(MSG.stopTimeOrder);
  });
});
