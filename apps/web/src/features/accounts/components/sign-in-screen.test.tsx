import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession } from '@/lib/session';
import { json, mockFetch, okEnvelope, renderScreen, testSession } from '@/test/render';
import { SignInScreen } from './sign-in-screen';

const { token: _t, refreshToken: _r, ...user } = testSession;

function setup() {
  renderScreen(<SignInScreen />, { route: '/signin', routes: { '/dashboard': <p>Dashboard page</p> } });
  return userEvent.setup();
}

async function fill(u: ReturnType<typeof userEvent.setup>, email: string, password: string) {
  if (email) await u.type(screen.getByLabelText('Email'), email);
  if (password) await u.type(screen.getByLabelText('Password'), password);
  await u.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('sign in', () => {
  it('shows the required messages next to the fields', async () => {
    const u = setup();
    await fill(u, '', '');
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
  });

  it('checks the address and the password length', async () => {
    const u = setup();
    await fill(u, 'not-an-email', '123');
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
  });

  it('shows and hides the password', async () => {
    const u = setup();
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    await u.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.getAttribute('type')).toBe('text');
    await u.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.getAttribute('type')).toBe('password');
  });

  it('links to forgot password and to sign up', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/signup');
  });

  it('stores the session and goes to the dashboard', async () => {
    const calls = mockFetch({ 'POST /api/auth/login': () => okEnvelope({ user, token: 'T', refreshToken: 'R' }) });
    const u = setup();
    await fill(u, 'Asha@Example.in', 'secret1');
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(await calls[0]!.json()).toEqual({ email: 'asha@example.in', password: 'secret1' });
    expect(getSession()).toMatchObject({ email: 'asha@example.in', token: 'T', refreshToken: 'R', emailVerified: true });
  });

  it('maps wrong credentials to the specification text', async () => {
    mockFetch({ 'POST /api/auth/login': () => json({ success: false, error: 'Invalid email or password', message: 'Unauthorized' }, 401) });
    const u = setup();
    await fill(u, 'asha@example.in', 'wrongpass');
    expect(await screen.findByText('Invalid email or password. Please check your credentials and try again.')).toBeTruthy();
    expect(getSession()).toBeNull();
  });

  it('shows the server error for other refusals', async () => {
    mockFetch({ 'POST /api/auth/login': () => json({ success: false, error: 'Too many failed sign-in attempts. Please try again later.' }, 429) });
    const u = setup();
    await fill(u, 'asha@example.in', 'secret1');
    expect(await screen.findByText('Too many failed sign-in attempts. Please try again later.')).toBeTruthy();
  });

  it('a thrown error gives the network message', async () => {
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const u = setup();
    await fill(u, 'asha@example.in', 'secret1');
    expect(await screen.findByText('Network error. Please check your connection and try again.')).toBeTruthy();
  });
});
