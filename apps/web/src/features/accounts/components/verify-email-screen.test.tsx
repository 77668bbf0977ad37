import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '@/lib/session';
import { json, mockFetch, okEnvelope, renderScreen, signIn, testSession } from '@/test/render';
import { VerifyEmailScreen } from './verify-email-screen';

describe('verify e-mail', () => {
  it('shows progress, then success; the stored user gets emailVerified true', async () => {
    signIn({ emailVerified: false });
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const calls = mockFetch({
      'POST /api/auth/verify-email': async () => {
        await gate;
        return okEnvelope({ ...testSession, emailVerified: true });
      },
    });
    renderScreen(<VerifyEmailScreen />, { route: '/verify-email?token=tok-1' });
    expect(screen.getByRole('heading', { name: 'Verifying your email...' })).toBeTruthy();
    release();
    expect(await screen.findByRole('heading', { name: 'Email Verified!' })).toBeTruthy();
    expect(screen.getByText('Your email has been successfully verified! You can now access all features.')).toBeTruthy();
    expect(getSession()?.emailVerified).toBe(true);
    expect(await calls[0]!.json()).toEqual({ token: 'tok-1' });
    expect(calls).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('shows the server error when the link is refused', async () => {
    mockFetch({ 'POST /api/auth/verify-email': () => json({ success: false, error: 'This verification link is invalid or has expired.' }, 400) });
    renderScreen(<VerifyEmailScreen />, { route: '/verify-email?token=tok-2' });
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeTruthy();
    expect(screen.getByText('This verification link is invalid or has expired.')).toBeTruthy();
  });

  it('falls back to the default text when the server gives none', async () => {
    mockFetch({ 'POST /api/auth/verify-email': () => new Response('', { status: 500 }) });
    renderScreen(<VerifyEmailScreen />, { route: '/verify-email?token=tok-3' });
    expect(await screen.findByRole('heading', { name: 'Verification Failed' })).toBeTruthy();
    expect(screen.getByText('Email verification failed')).toBeTruthy();
  });

  it('without a token: "Invalid verification link." and no call', () => {
    const calls = mockFetch({});
    renderScreen(<VerifyEmailScreen />, { route: '/verify-email' });
    expect(screen.getByRole('heading', { name: 'Verification Failed' })).toBeTruthy();
    expect(screen.getByText('Invalid verification link.')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});

describe('verify e-mail offline', () => {
  it('a network failure offers to try again, and the retry can succeed', async () => {
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    renderScreen(<VerifyEmailScreen />, { route: '/verify-email?token=tok-net' });
    expect(await screen.findByText('Network error. Please check your connection and try again.')).toBeTruthy();
    mockFetch({ 'POST /api/auth/verify-email': () => okEnvelope(null) });
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(await screen.findByRole('heading', { name: 'Email Verified!' })).toBeTruthy();
  });
});
