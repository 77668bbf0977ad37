import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ConfirmProvider } from '@/components/ui/confirm';
import { getSession } from '@/lib/session';
import { json, mockFetch, okEnvelope, signIn, testSession } from '@/test/render';
import { NavigationBridge } from './layout/navigation-bridge';
import { AppRoutes } from './router';

function renderApp(route: string) {
  return render(
    <MemoryRouter initialEntries={[route]}>
      <NavigationBridge />
      <ConfirmProvider>
        <AppRoutes />
      </ConfirmProvider>
    </MemoryRouter>,
  );
}

describe('routes', () => {
  it('shows Home at /', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Share the ride, split the cost' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/join');
    expect(screen.getAllByRole('img', { name: 'Rated 5 out of 5' })).toHaveLength(3);
  });

  it('shows Home on an unknown path', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Share the ride, split the cost' })).toBeTruthy();
  });

  it('sends signed-out visitors of a signed-in screen to /signin', async () => {
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to SaathChalo' })).toBeTruthy();
  });

  it('lets a signed-in user into the profile, with the signed-in navigation', async () => {
    signIn();
    const { token: _t, refreshToken: _r, ...user } = testSession;
    mockFetch({ 'GET /api/users/profile': () => okEnvelope(user) });
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Logout/ }).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Join' })).toBeNull();
  });

  it('takes a signed-in user to My Commutes from the navigation', async () => {
    signIn();
    const { token: _t, refreshToken: _r, ...user } = testSession;
    mockFetch({
      'GET /api/users/profile': () => okEnvelope(user),
      'GET /api/commutes/my': () => okEnvelope([]),
    });
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'My Profile' });
    await userEvent.setup().click(screen.getAllByRole('link', { name: 'My Commutes' })[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'My Commutes' })).toBeTruthy();
    expect(await screen.findByText('No commutes yet')).toBeTruthy();
  });

  it('/signup and /join are the same screen', async () => {
    renderApp('/join');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeTruthy();
  });

  it('logout clears the session and goes home even when the call fails', async () => {
    signIn();
    const { token: _t, refreshToken: _r, ...user } = testSession;
    const calls = mockFetch({
      'GET /api/users/profile': () => okEnvelope(user),
      'POST /api/auth/logout': () => json({ success: false, error: 'boom' }, 500),
    });
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'My Profile' });
    await userEvent.setup().click(screen.getAllByRole('button', { name: /Logout/ })[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Share the ride, split the cost' })).toBeTruthy();
    expect(getSession()).toBeNull();
    expect(calls.some((c) => new URL(c.url).pathname === '/api/auth/logout')).toBe(true);
    expect(screen.getByRole('link', { name: 'Join' }).getAttribute('href')).toBe('/join');
  });

  it('logout works offline too', async () => {
    signIn();
    renderApp('/how-it-works');
    await screen.findByRole('heading', { level: 1, name: 'How SaathChalo works' });
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    await userEvent.setup().click(screen.getAllByRole('button', { name: /Logout/ })[0]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Share the ride, split the cost' })).toBeTruthy();
    expect(getSession()).toBeNull();
  });
});
