import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, okEnvelope, renderScreen, signIn, testSession } from '@/test/render';
import { ProfileScreen } from './profile-screen';

const { token: _t, refreshToken: _r, ...user } = testSession;

function setup(handlers: Parameters<typeof mockFetch>[0] = {}, overrides: Partial<typeof user> = {}) {
  signIn();
  const serverUser = { ...user, ...overrides };
  const calls = mockFetch({
    'GET /api/users/profile': () => okEnvelope(serverUser),
    'GET /api/users/blocked': () => okEnvelope([]),
    ...handlers,
  });
  renderScreen(<ProfileScreen />, { route: '/profile' });
  return { calls, u: userEvent.setup(), safety: screen.getByRole('region', { name: 'Safety' }) };
}

describe('profile: safety and privacy', () => {
  it('explains that gender is private and saves it with who may see the phone', async () => {
    const { calls, u, safety } = setup({
      'PUT /api/users/profile': async (req) =>
        okEnvelope({ ...user, ...((await req.clone().json()) as object) }, 'Profile updated successfully'),
    });
    expect(
      within(safety).getByText(
        'Private: shown to nobody. It is used only for women-only rides, which only women can offer and book.',
      ),
    ).toBeTruthy();
    await u.selectOptions(within(safety).getByLabelText('Gender (optional)'), 'FEMALE');
    await u.click(within(safety).getByLabelText(/Only people with a confirmed booking with me/));
    await u.click(within(safety).getByRole('button', { name: 'Save privacy settings' }));
    expect(await screen.findByText('Privacy settings saved')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(await put.json()).toEqual({
      firstName: 'Asha',
      lastName: 'Verma',
      phone: '9876543210',
      location: 'Pune',
      bio: null,
      gender: 'FEMALE',
      contactVisibility: 'CONFIRMED',
    });
  });

  it('sends a code, takes the 6 digits with one-time-code autofill, counts down to resend and verifies', async () => {
    const resendAt = new Date(Date.now() + 60_000).toISOString();
    const { calls, u, safety } = setup({
      'POST /api/users/phone/verification': () =>
        okEnvelope({ expiresAt: new Date(Date.now() + 600_000).toISOString(), resendAt }, 'Code sent'),
      'POST /api/users/phone/verification/confirm': () => okEnvelope({ ...user, phoneVerified: true }),
    });
    await u.click(within(safety).getByRole('button', { name: 'Send code' }));
    expect(await within(safety).findByText('We sent a 6-digit code to 9876543210.')).toBeTruthy();
    const code = within(safety).getByLabelText('Verification code');
    // Send code is gone: the field for the code takes the focus, not the page's body.
    expect(document.activeElement).toBe(code);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    const resend = within(safety).getByRole('button', { name: /Resend code in (59|60)s/ });
    expect((resend as HTMLButtonElement).disabled).toBe(true);
    await u.click(within(safety).getByRole('button', { name: 'Verify' }));
    expect(within(safety).getByText('Please enter the 6-digit code')).toBeTruthy();
    await u.type(code, '12a3456');
    expect((code as HTMLInputElement).value).toBe('123456');
    await u.click(within(safety).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Phone number verified')).toBeTruthy();
    const confirm = calls.find((c) => c.url.endsWith('/verification/confirm'))!;
    expect(await confirm.json()).toEqual({ code: '123456' });
  });

  it("shows the server's text for a wrong code and for a code asked too soon", async () => {
    const { u, safety } = setup({
      'POST /api/users/phone/verification': () =>
        okEnvelope({
          expiresAt: new Date().toISOString(),
          resendAt: new Date(Date.now() - 1000).toISOString(),
        }),
      'POST /api/users/phone/verification/confirm': () =>
        json({ success: false, data: null, message: 'Bad Request', error: 'The code is incorrect' }, 400),
    });
    await u.click(within(safety).getByRole('button', { name: 'Send code' }));
    await u.type(await within(safety).findByLabelText('Verification code'), '000000');
    await u.click(within(safety).getByRole('button', { name: 'Verify' }));
    expect(await within(safety).findByText('The code is incorrect')).toBeTruthy();

    mockFetch({
      'POST /api/users/phone/verification': () =>
        json(
          {
            success: false,
            data: null,
            message: 'Too Many Requests',
            error: 'Please wait before requesting another code',
          },
          429,
        ),
    });
    await u.click(within(safety).getByRole('button', { name: 'Resend code' }));
    expect(await within(safety).findByText('Please wait before requesting another code')).toBeTruthy();
  });

  it("shows a verified phone as verified, with nothing to send, once the server's profile says so", async () => {
    const { safety } = setup({}, { phoneVerified: true });
    expect(await within(safety).findByText('Your phone number is verified.')).toBeTruthy();
    expect(within(safety).queryByRole('button', { name: 'Send code' })).toBeNull();
  });

  it('lists the people blocked and unblocks one', async () => {
    let blocked = [
      {
        id: 'u7',
        name: 'Karan Shah',
        firstName: 'Karan',
        profilePictureUrl: null,
        blockedAt: '2026-11-20T10:00:00Z',
      },
    ];
    const { calls, u, safety } = setup({
      'GET /api/users/blocked': () => okEnvelope(blocked),
      'DELETE /api/users/u7/block': () => {
        blocked = [];
        return okEnvelope(null, 'User unblocked');
      },
    });
    expect(await within(safety).findByText('Karan Shah')).toBeTruthy();
    await u.click(within(safety).getByRole('button', { name: 'Unblock Karan Shah' }));
    expect(await within(safety).findByText('You have not blocked anyone.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/api/users/u7/block'))).toBe(true);
  });
});
