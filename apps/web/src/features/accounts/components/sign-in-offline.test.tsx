import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, okEnvelope, renderScreen, testSession } from '@/test/render';
import { SignInScreen } from './sign-in-screen';

/** The form's checks load on first use; the phone lost its connection after the page had come. */
const net = vi.hoisted(() => ({
  offline: true,
  unreachable: () => new TypeError('Failed to fetch dynamically imported module'),
}));
vi.mock('../validation/sign-in', async (original) => {
  if (net.offline) throw net.unreachable();
  return original();
});

describe('sign in with the connection gone', () => {
  it('says so on Sign In instead of doing nothing, and signs in once the connection is back', async () => {
    const { token, refreshToken, ...user } = testSession;
    mockFetch({ 'POST /api/auth/login': () => okEnvelope({ user, token, refreshToken }) });
    renderScreen(<SignInScreen />, { route: '/signin', routes: { '/dashboard': <p>Dashboard page</p> } });
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Email'), 'asha@example.in');
    await u.type(screen.getByLabelText('Password'), 'secret1');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(
      await screen.findByText('Network error. Please check your connection and try again.'),
    ).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('asha@example.in');

    net.offline = false;
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
  });
});
