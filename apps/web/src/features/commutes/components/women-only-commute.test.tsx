import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, okEnvelope, renderScreen, signIn } from '@/test/render';
import { addDays, istDate, type Commute } from '@saathchalo/shared';
import { buildCommute } from '../testing/fixtures';
import { MyCommutesScreen } from './my-commutes-screen';

/** Serves My Commutes with one commute, and answers a PUT as the server does: the commute as sent. */
function serve(commute: Commute) {
  let current = commute;
  const bodies: Record<string, unknown>[] = [];
  mockFetch({
    'GET /api/config': () => okEnvelope({ mapTilesUrl: null, mapAttribution: null }),
    'GET /api/places': () => okEnvelope([]),
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

const womenOnlyCommute = () =>
  buildCommute({
    womenOnly: true,
    returnTime: null,
    endDate: null,
    startDate: addDays(istDate(Date.now()), 1),
    upcoming: [],
  });

async function openEdit(user: ReturnType<typeof userEvent.setup>) {
  renderScreen(<MyCommutesScreen />, { route: '/my-commutes' });
  const card = await screen.findByRole('listitem', { name: 'Whitefield to Koramangala' });
  await user.click(within(card).getByRole('button', { name: 'Edit' }));
  return { card, dialog: await screen.findByRole('dialog', { name: 'Edit Commute' }) };
}

describe('a women-only commute (CONTRACT section 9)', () => {
  it('is marked on its card, and its woman driver turns Women only off in Edit Commute', async () => {
    signIn({ gender: 'FEMALE' });
    const bodies = serve(womenOnlyCommute());
    const user = userEvent.setup();
    const { card, dialog } = await openEdit(user);
    expect(within(card).getByText('Women only')).toBeTruthy();
    const toggle = within(dialog).getByRole('switch', { name: /Women only/ }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    await user.click(toggle);
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ womenOnly: false });
    await waitFor(() => expect(within(card).queryByText('Women only')).toBeNull());
  });

  it('offers no switch to a driver who is not a woman, whose edit sends none (the commute keeps it)', async () => {
    signIn({ gender: 'MALE' });
    const bodies = serve(womenOnlyCommute());
    const user = userEvent.setup();
    const { dialog } = await openEdit(user);
    expect(within(dialog).queryByRole('switch', { name: /Women only/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect('womenOnly' in bodies[0]!).toBe(false);
  });
});
