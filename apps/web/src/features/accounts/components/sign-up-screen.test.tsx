import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession } from '@/lib/session';
import { json, mockFetch, renderScreen, testSession } from '@/test/render';
import { SignUpScreen } from './sign-up-screen';

const { token: _t, refreshToken: _r, ...user } = testSession;

function setup(route = '/signup') {
  renderScreen(<SignUpScreen />, {
    route,
    routes: { '/dashboard': <p>Dashboard page</p>, '/signin': <p>Sign in page</p> },
  });
  return userEvent.setup();
}

async function fillValid(u: ReturnType<typeof userEvent.setup>) {
  await u.type(screen.getByLabelText('First Name'), 'Asha');
  await u.type(screen.getByLabelText('Last Name'), 'Verma');
  await u.type(screen.getByLabelText('Email'), 'asha@example.in');
  await u.type(screen.getByLabelText('Phone Number'), '9876543210');
  await u.type(screen.getByLabelText('Password'), 'secret1');
}

afterEach(() => {
  vi.useRealTimers();
});

describe('sign up', () => {
  it('shows every required message', async () => {
    const u = setup();
    await u.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Phone number is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
  });

  it('checks the Indian mobile number, the address and the password length', async () => {
    const u = setup();
    await u.type(screen.getByLabelText('Phone Number'), '1234567890');
    await u.type(screen.getByLabelText('Email'), 'asha@');
    await u.type(screen.getByLabelText('Password'), '12345');
    await u.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Phone must be a valid Indian mobile number (10 digits starting with 6-9)')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(screen.getByLabelText('Phone Number').getAttribute('maxLength')).toBe('10');
  });

  it('is the same screen at /join; success toasts and goes to the dashboard', async () => {
    const calls = mockFetch({
      'POST /api/auth/register': () =>
        json({ success: true, data: { user, token: 'T', refreshToken: 'R' }, message: 'Registration successful. Please check your email to verify your account.', error: null }, 201),
    });
    const u = setup('/join');
    await fillValid(u);
    await u.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(await screen.findByText('Registration successful. Please check your email to verify your account.')).toBeTruthy();
    expect(await calls[0]!.json()).toEqual({
      firstName: 'Asha',
      lastName: 'Verma',
      email: 'asha@example.in',
      phone: '9876543210',
      password: 'secret1',
      location: null,
    });
    expect(getSession()).toMatchObject({ token: 'T', refreshToken: 'R' });
  });

  it('an existing account: the note, then /signin after 3 seconds', async () => {
    mockFetch({ 'POST /api/auth/register': () => json({ success: false, error: 'An account with this email already exists', code: 'EMAIL_EXISTS' }, 409) });
    const u = setup();
    await fillValid(u);
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(screen.getByText('An account with this email already exists. Please sign in instead.')).toBeTruthy();
    expect(screen.getByText('Redirecting you to sign in page in a few seconds...')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2900);
    });
    expect(screen.queryByText('Sign in page')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(screen.getByText('Sign in page')).toBeTruthy();
  });

  it('shows the server’s words and its field messages next to the fields', async () => {
    mockFetch({
      'POST /api/auth/register': () =>
        json(
          {
            success: false,
            message: 'Validation failed',
            error: 'Phone must be a valid Indian mobile number (10 digits starting with 6-9)',
            data: { phone: 'Phone must be a valid Indian mobile number (10 digits starting with 6-9)' },
          },
          400,
        ),
    });
    const u = setup();
    await fillValid(u);
    await u.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findAllByText('Phone must be a valid Indian mobile number (10 digits starting with 6-9)')).toHaveLength(2);
    expect(screen.queryByText('Dashboard page')).toBeNull();
  });

  it('a network failure gives the network message', async () => {
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    const u = setup();
    await fillValid(u);
    await u.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Network error. Please check your connection and try again.')).toBeTruthy();
  });
});
