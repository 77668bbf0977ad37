import { describe, expect, test } from 'vitest';
import { useBrowser, viewports } from '../support/browser.js';
import { api, buildUser } from '../support/data.js';
import { atPath, eventually, visible } from '../support/expect.js';
import {
  field,
  fieldError,
  fillSignUp,
  navItem,
  signInViaUi,
  signOut,
  storedUser,
  text,
  toasts,
} from '../support/app.js';
import { linkIn, waitForMail } from '../support/mailbox.js';

for (const vp of viewports) {
  describe(`accounts (${vp.name})`, () => {
    const browser = useBrowser(vp);

    test('sign up shows the specification messages next to each invalid field', async () => {
      const page = await browser.newPage();
      await page.goto('/signup');
      const submit = page.getByRole('button', { name: 'Create Account' });

      await submit.click();
      await visible(text(page, 'First name is required'));
      expect(await fieldError(page, 'First Name')).toBe('First name is required');
      expect(await fieldError(page, 'Last Name')).toBe('Last name is required');
      expect(await fieldError(page, 'Email')).toBe('Email is required');
      expect(await fieldError(page, 'Phone Number')).toBe('Phone number is required');
      expect(await fieldError(page, 'Password')).toBe('Password is required');

      await fillSignUp(page, {
        firstName: 'Asha',
        lastName: 'Rao',
        email: 'asha.rao@',
        phone: '51234',
        password: '12345',
      });
      await submit.click();
      await visible(text(page, 'Please enter a valid email address'));
      expect(await fieldError(page, 'Email')).toBe('Please enter a valid email address');
      expect(await fieldError(page, 'Phone Number')).toBe(
        'Phone must be a valid Indian mobile number (10 digits starting with 6-9)',
      );
      expect(await fieldError(page, 'Password')).toBe('Password must be at least 6 characters');
      expect(await fieldError(page, 'First Name')).toBe('');

      // The phone field takes at most 10 characters (specification section 5).
      await field(page, 'Phone Number').fill('98765432109');
      expect(await field(page, 'Phone Number').inputValue()).toHaveLength(10);
      await atPath(page, '/signup');
    });

    test('an e-mail that already has an account: the note, then /signin after 3 seconds', async () => {
      const existing = buildUser();
      await api.register(existing);
      const page = await browser.newPage();
      await page.goto('/join');
      await fillSignUp(page, { ...buildUser(), email: existing.email.toUpperCase() });
      await page.getByRole('button', { name: 'Create Account' }).click();
      await visible(text(page, 'An account with this email already exists. Please sign in instead.'));
      await visible(text(page, 'Redirecting you to sign in page in a few seconds...'));
      const shownAt = Date.now();
      await atPath(page, '/signin', 8_000);
      expect(Date.now() - shownAt).toBeGreaterThan(1_500);
    });

    test('sign up, verify the e-mail through the mailed link, sign out and sign in again', async () => {
      const user = buildUser();
      const page = await browser.newPage();
      await page.goto('/signup');
      await fillSignUp(page, user);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await atPath(page, '/dashboard', 15_000);
      await visible(toasts(page), 'the success message of the sign-up');
      const session = await storedUser(page);
      expect(session).toMatchObject({ email: user.email, firstName: user.firstName, emailVerified: false });
      expect(typeof session?.token).toBe('string');
      expect(typeof session?.refreshToken).toBe('string');

      const mail = await waitForMail(user.email, /verif/i);
      const link = linkIn(mail, '/verify-email');
      expect(link.origin).toBe(new URL(page.url()).origin);
      await page.goto(link.pathname + link.search);
      await visible(page.getByRole('heading', { name: 'Email Verified!' }), 'Email Verified!', 15_000);
      await visible(
        text(page, 'Your email has been successfully verified! You can now access all features.'),
      );
      await eventually(
        () => storedUser(page),
        (u) => u?.emailVerified === true,
        'the stored user to be verified',
      );

      // The link works once.
      await page.goto(link.pathname + link.search);
      await visible(
        page.getByRole('heading', { name: 'Verification Failed' }),
        'Verification Failed for a used link',
        15_000,
      );

      await signOut(page);
      expect(await storedUser(page)).toBeNull();

      await (await navItem(page, 'Sign In')).click();
      await atPath(page, '/signin');
      await field(page, 'Email').fill(user.email);
      await field(page, 'Password').fill(`${user.password}-wrong`);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await visible(text(page, 'Invalid email or password. Please check your credentials and try again.'));
      await atPath(page, '/signin');

      await signInViaUi(page, user.email, user.password);
      expect(await storedUser(page)).toMatchObject({ email: user.email, emailVerified: true });
      await navItem(page, 'Dashboard');
    });

    test('sign in shows the specification messages for invalid input', async () => {
      const page = await browser.newPage();
      await page.goto('/signin');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await visible(text(page, 'Email is required'));
      expect(await fieldError(page, 'Email')).toBe('Email is required');
      expect(await fieldError(page, 'Password')).toBe('Password is required');
      await field(page, 'Email').fill('not-an-address');
      await field(page, 'Password').fill('123');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await visible(text(page, 'Please enter a valid email address'));
      expect(await fieldError(page, 'Password')).toBe('Password must be at least 6 characters');
      // Show/hide on the password.
      await page.getByRole('button', { name: 'Show password' }).click();
      expect(await field(page, 'Password').getAttribute('type')).toBe('text');
      await page.getByRole('button', { name: 'Hide password' }).click();
      expect(await field(page, 'Password').getAttribute('type')).toBe('password');
    });

    test('forgot password and reset it through the mailed link', async () => {
      const user = buildUser();
      await api.register(user);
      const page = await browser.newPage();
      await page.goto('/signin');
      await page.getByRole('link', { name: /forgot password/i }).click();
      await atPath(page, '/forgot-password');
      await visible(page.getByRole('heading', { name: 'Forgot your password?' }));
      expect(await field(page, 'Email').getAttribute('type')).toBe('email');
      await field(page, 'Email').fill(user.email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await visible(text(page, 'Password reset link has been sent to your email address.'));

      const mail = await waitForMail(user.email, /reset/i);
      const link = linkIn(mail, '/reset-password');
      await page.goto(link.pathname + link.search);
      const newPassword = `${user.password}-new`;
      const submit = page.getByRole('button', { name: 'Reset Password' });

      await field(page, 'New Password').fill(newPassword);
      await field(page, 'Confirm New Password').fill(`${newPassword}x`);
      await submit.click();
      await visible(text(page, 'Passwords do not match.'));

      await field(page, 'New Password').fill('abc');
      await field(page, 'Confirm New Password').fill('abc');
      await submit.click();
      await visible(text(page, 'Password must be at least 6 characters long.'));

      await field(page, 'New Password').fill(newPassword);
      await field(page, 'Confirm New Password').fill(newPassword);
      await submit.click();
      await visible(text(page, 'Password has been reset successfully. Redirecting to sign in...'));
      await atPath(page, '/signin', 8_000);

      await field(page, 'Email').fill(user.email);
      await field(page, 'Password').fill(user.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await visible(text(page, 'Invalid email or password. Please check your credentials and try again.'));
      await signInViaUi(page, user.email, newPassword);
    });

    test('reset and verify screens without a token', async () => {
      const page = await browser.newPage();
      await page.goto('/reset-password');
      await visible(page.getByRole('heading', { name: 'Invalid Reset Link' }));
      await visible(text(page, 'This password reset link is invalid or has expired.'));
      await page.getByRole('link', { name: /request a new/i }).click();
      await atPath(page, '/forgot-password');

      await page.goto('/verify-email');
      await visible(page.getByRole('heading', { name: 'Verification Failed' }));
      await visible(text(page, 'Invalid verification link.'));
      await visible(page.getByRole('main').getByRole('link', { name: /dashboard/i }));
    });
  });
}
