import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { registerReload } from '@/lib/navigation';
import { getSession } from '@/lib/session';
import { json, mockFetch, okEnvelope, renderScreen, signIn, testSession } from '@/test/render';
import { ProfileScreen } from './profile-screen';

const { token: _t, refreshToken: _r, ...user } = testSession;
const serverUser = { ...user, bio: 'Daily commuter to Hinjewadi', location: 'Pune' };

function setup(handlers: Parameters<typeof mockFetch>[0] = {}) {
  signIn();
  const calls = mockFetch({ 'GET /api/users/profile': () => okEnvelope(serverUser), ...handlers });
  renderScreen(<ProfileScreen />, { route: '/profile', routes: { '/': <p>Home page</p> } });
  return { calls, u: userEvent.setup() };
}

const reload = vi.fn();
beforeEach(() => {
  reload.mockReset();
  registerReload(reload);
});

describe('profile: view mode', () => {
  it('shows the profile with the phone as a contact link', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ }).getAttribute('href')).toBe('/dashboard');
    expect(await screen.findByText('Daily commuter to Hinjewadi')).toBeTruthy();
    expect(screen.getByRole('link', { name: /9876543210/ }).getAttribute('href')).toBe('tel:9876543210');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Once you delete your account, there is no going back. Please be certain.')).toBeTruthy();
  });

  it('falls back to the stored user when loading fails', async () => {
    const { calls } = setup({ 'GET /api/users/profile': () => json({ success: false, error: 'boom' }, 500) });
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(0));
    expect(screen.getAllByText('Asha Verma').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: /9876543210/ })).toBeTruthy();
  });

  it('offline: shows the stored user, the network message and a way to try again', async () => {
    signIn();
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    renderScreen(<ProfileScreen />, { route: '/profile' });
    expect(await screen.findByText('Network error. Please check your connection and try again.')).toBeTruthy();
    expect(screen.getAllByText('Asha Verma').length).toBeGreaterThan(0);
    mockFetch({ 'GET /api/users/profile': () => okEnvelope(serverUser) });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Daily commuter to Hinjewadi')).toBeTruthy();
    expect(screen.queryByText('Network error. Please check your connection and try again.')).toBeNull();
    expect(getSession()).not.toBeNull();
  });

  it('asks signed-out visitors to log in', () => {
    renderScreen(<ProfileScreen />, { route: '/profile' });
    expect(screen.getByText('Please login to view your profile')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/signin');
  });
});

describe('profile: edit mode', () => {
  it('edits, splits the full name at the first space, does not send the e-mail, and saves', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    let sent: unknown;
    const { u } = setup({
      'PUT /api/users/profile': async (req) => {
        await gate;
        const body = (await req.json()) as Record<string, string>;
        sent = body;
        return okEnvelope({ ...serverUser, ...body, name: `${body.firstName} ${body.lastName}` }, 'Profile updated successfully');
      },
    });
    await screen.findByText('Daily commuter to Hinjewadi');
    await u.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const about = screen.getByLabelText('About Me');
    expect(about.getAttribute('rows')).toBe('4');
    expect(about.getAttribute('placeholder')).toBe('Tell others a bit about yourself...');
    expect(screen.getByLabelText('Email Address')).toBeTruthy();
    const picker = document.querySelector('input[type="file"]')!;
    expect(picker.getAttribute('accept')).toBe('image/*');

    const name = screen.getByLabelText('Full Name');
    await u.clear(name);
    await u.type(name, 'Asha Rani Verma');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeTruthy();
    release();
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    expect(sent).toEqual({
      firstName: 'Asha',
      lastName: 'Rani Verma',
      phone: '9876543210',
      location: 'Pune',
      bio: 'Daily commuter to Hinjewadi',
    });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(getSession()).toMatchObject({ firstName: 'Asha', lastName: 'Rani Verma', token: 'access-token' });
  });

  it('Cancel resets the edits', async () => {
    const { calls, u } = setup();
    await screen.findByText('Daily commuter to Hinjewadi');
    await u.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await u.clear(screen.getByLabelText('Location'));
    await u.type(screen.getByLabelText('Location'), 'Mumbai');
    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('Pune')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Edit Profile' }));
    expect((screen.getByLabelText('Location') as HTMLInputElement).value).toBe('Pune');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('shows a phone error from the server under the phone field, others in a banner', async () => {
    let answer = json(
      { success: false, message: 'Validation failed', error: 'Phone number already in use', data: { phone: 'Phone number already in use' } },
      400,
    );
    const { u } = setup({ 'PUT /api/users/profile': () => answer });
    await screen.findByText('Daily commuter to Hinjewadi');
    await u.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await u.click(screen.getByRole('button', { name: 'Save' }));
    const phone = screen.getByLabelText('Phone Number');
    expect(await screen.findByText('Phone number already in use')).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(phone.getAttribute('aria-describedby')!)?.textContent).toBe('Phone number already in use');

    answer = json({ success: false, error: 'Too many requests. Please try again later.' }, 429);
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too many requests. Please try again later.')).toBeTruthy();
  });

  it('validates the phone before sending', async () => {
    const { calls, u } = setup();
    await screen.findByText('Daily commuter to Hinjewadi');
    await u.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await u.clear(screen.getByLabelText('Phone Number'));
    await u.type(screen.getByLabelText('Phone Number'), '12345');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Phone must be a valid Indian mobile number (10 digits starting with 6-9)')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('a network failure shows the retry text and keeps the session', async () => {
    const { u } = setup();
    await screen.findByText('Daily commuter to Hinjewadi');
    await u.click(screen.getByRole('button', { name: 'Edit Profile' }));
    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    await u.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update profile. Please try again.')).toBeTruthy();
    expect(getSession()).not.toBeNull();
  });

  it('uploads a picture as multipart', async () => {
    const { calls, u } = setup({
      'POST /api/users/profile/picture': () => okEnvelope({ ...serverUser, profilePictureUrl: '/uploads/p.webp' }, 'Profile picture updated successfully'),
    });
    await screen.findByText('Daily commuter to Hinjewadi');
    await u.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await u.upload(picker, new File(['img'], 'me.png', { type: 'image/png' }));
    expect(await screen.findByText('Profile picture updated successfully')).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    const form = await post.formData();
    expect((form.get('file') as File).name).toBe('me.png');
    expect(getSession()?.profilePictureUrl).toBe('/uploads/p.webp');
  });
});

describe('profile: delete account', () => {
  it('asks first; on success says so, clears the session, goes to / and reloads', async () => {
    const { calls, u } = setup({ 'DELETE /api/users/profile': () => okEnvelope(null, 'Account deleted successfully') });
    await u.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete your account? This action cannot be undone.')).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
    expect(getSession()).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem('flash')).toBe('Account deleted successfully');
  });

  it('does nothing when the prompt is dismissed', async () => {
    const { calls, u } = setup();
    await u.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(getSession()).not.toBeNull();
  });

  it('a refusal says "Failed to delete account: " and the message; a network error the retry text', async () => {
    const { u } = setup({ 'DELETE /api/users/profile': () => json({ success: false, error: 'User not found' }, 404) });
    await u.click(screen.getByRole('button', { name: 'Delete Account' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByText('Failed to delete account: User not found')).toBeTruthy();
    expect(getSession()).not.toBeNull();

    globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
    await u.click(screen.getByRole('button', { name: 'Delete Account' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByText('Failed to delete account. Please try again.')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });
});
