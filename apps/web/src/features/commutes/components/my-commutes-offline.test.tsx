import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, okEnvelope, renderScreen, signIn } from '@/test/render';
import { buildCommute } from '../testing/fixtures';
import { MyCommutesScreen } from './my-commutes-screen';

const NETWORK = 'Network error. Please check your connection and try again.';

/** The edit form's code loads on first use; the phone lost its connection after the list had come. */
const net = vi.hoisted(() => ({ offline: true }));
vi.mock('./edit-commute-dialog', async (original) => {
  if (net.offline) throw new TypeError('Failed to fetch dynamically imported module');
  return original();
});

describe('My Commutes with the connection gone', () => {
  it('Edit tapped offline says so and keeps the list; online again, the form opens', async () => {
    signIn();
    mockFetch({ 'GET /api/commutes/my': () => okEnvelope([buildCommute()]) });
    renderScreen(<MyCommutesScreen />, { route: '/my-commutes' });
    const user = userEvent.setup();
    const card = await screen.findByRole('listitem', { name: 'Whitefield to Koramangala' });
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByText(NETWORK)).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(screen.getByRole('listitem', { name: 'Whitefield to Koramangala' })).toBeTruthy();

    net.offline = false;
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Commute' })).toBeTruthy();
    expect(screen.queryByText(NETWORK)).toBeNull();
  });
});
