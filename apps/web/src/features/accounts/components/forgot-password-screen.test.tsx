import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, okEnvelope, renderScreen } from '@/test/render';
import { ForgotPasswordScreen } from './forgot-password-screen';

function setup() {
  renderScreen(<ForgotPasswordScreen />, { route: '/forgot-password' });
  return userEvent.setup();
}

describe('forgot password', () => {
  it('has its heading, a required e-mail field and a link back to sign in', () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeTruthy();
    const email = screen.getByLabelText('Email');
    expect(email.getAttribute('type')).toBe('email');
    expect(email.hasAttribute('required')).toBe(true);
    expect(screen.getByRole('link', { name: 'Back to Sign In' }).getAttribute('href')).toBe('/signin');
  });

  it('validates the address', async () => {
    const u = setup();
    await u.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    await u.type(screen.getByLabelText('Email'), 'nope');
    await u.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
  });

  it('sends the address as a JSON body and shows the success text', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const calls = mockFetch({
      'POST /api/auth/forgot-password': async () => {
        await gate;
        return okEnvelope(null, 'If an account exists for this email, a password reset link has been sent to it.');
      },
    });
    const u = setup();
    await u.type(screen.getByLabelText('Email'), 'asha@example.in');
    await u.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeTruthy();
    release();
    expect(await screen.findByText('Password reset link has been sent to your email address.')).toBeTruthy();
    const url = new URL(calls[0]!.url);
    expect(url.search).toBe('');
    expect(await calls[0]!.json()).toEqual({ email: 'asha@example.in' });
  });

  it('shows the server error, or the default text', async () => {
    mockFetch({ 'POST /api/auth/forgot-password': () => json({ success: false, error: 'Too many requests. Please try again later.' }, 429) });
    const u = setup();
    await u.type(screen.getByLabelText('Email'), 'asha@example.in');
    await u.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Too many requests. Please try again later.')).toBeTruthy();
  });
});
