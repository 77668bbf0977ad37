import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, okEnvelope, renderScreen } from '@/test/render';
import { ResetPasswordScreen } from './reset-password-screen';

function setup(route = '/reset-password?token=abc123') {
  renderScreen(<ResetPasswordScreen />, { route, routes: { '/signin': <p>Sign in page</p> } });
  return userEvent.setup();
}

afterEach(() => {
  vi.useRealTimers();
});

describe('reset password', () => {
  it('without a token: the invalid-link screen with a way to ask again', () => {
    setup('/reset-password');
    expect(screen.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeTruthy();
    expect(screen.getByText('This password reset link is invalid or has expired.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe('/forgot-password');
  });

  it('checks the length and that both passwords match', async () => {
    const u = setup();
    await u.type(screen.getByLabelText('New Password'), '123');
    await u.type(screen.getByLabelText('Confirm New Password'), '456');
    await u.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Password must be at least 6 characters long.')).toBeTruthy();
    await u.clear(screen.getByLabelText('New Password'));
    await u.type(screen.getByLabelText('New Password'), 'secret1');
    await u.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Passwords do not match.')).toBeTruthy();
  });

  it('sends token and new password as JSON, shows the message and goes to /signin after 2 seconds', async () => {
    const calls = mockFetch({ 'POST /api/auth/reset-password': () => okEnvelope(null) });
    const u = setup();
    await u.type(screen.getByLabelText('New Password'), 'secret1');
    await u.type(screen.getByLabelText('Confirm New Password'), 'secret1');
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(screen.getByText('Password has been reset successfully. Redirecting to sign in...')).toBeTruthy();
    expect(new URL(calls[0]!.url).search).toBe('');
    expect(await calls[0]!.json()).toEqual({ token: 'abc123', newPassword: 'secret1' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1900);
    });
    expect(screen.queryByText('Sign in page')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(screen.getByText('Sign in page')).toBeTruthy();
  });

  it('shows the server error on failure and stays', async () => {
    mockFetch({ 'POST /api/auth/reset-password': () => json({ success: false, error: 'This password reset link is invalid or has expired.' }, 400) });
    const u = setup();
    await u.type(screen.getByLabelText('New Password'), 'secret1');
    await u.type(screen.getByLabelText('Confirm New Password'), 'secret1');
    await u.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('This password reset link is invalid or has expired.')).toBeTruthy();
  });
});
