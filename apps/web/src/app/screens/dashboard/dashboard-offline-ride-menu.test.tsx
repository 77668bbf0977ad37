import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signIn } from '@/test/render';
import { renderDashboard, serve } from './dashboard-testing';
import { buildRide } from './fixtures';

const NETWORK = 'Network error. Please check your connection and try again.';

/** The ride menu's code loads with the dashboard; the phone lost its connection before it came. */
const net = vi.hoisted(() => {
  const state = {
    offline: true,
    load: async <T,>(original: () => Promise<T>) => {
      if (state.offline) throw new TypeError('Failed to fetch dynamically imported module');
      return original();
    },
  };
  return state;
});
vi.mock('@/features/rides/components/ride-actions-menu-content', (original) => net.load(original));

describe("A ride's Manage menu whose code did not arrive", () => {
  it('keeps the dashboard and says so when tapped; online again, the tap opens the menu', async () => {
    signIn();
    const ride = buildRide();
    serve({ rides: [ride] });
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('tab', { name: /^My Rides/ }));
    const manage = `Manage ride from ${ride.from} to ${ride.to}`;

    await user.click(await screen.findByRole('button', { name: manage }));
    expect(await screen.findByText(NETWORK)).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: /^Welcome back/ })).toBeTruthy();
    expect(screen.queryByRole('menu')).toBeNull();

    net.offline = false;
    await user.click(screen.getByRole('button', { name: manage }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Edit Ride' })).toBeTruthy();
    expect(screen.queryByText(NETWORK)).toBeNull();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: manage }));
  });
});
