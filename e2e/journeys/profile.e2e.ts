import { describe, expect, test } from 'vitest';
import { field, fieldError, storedUser, text, toasts } from '../support/app.js';
import { useBrowser, viewports } from '../support/browser.js';
import { api, buildUser, signedIn } from '../support/data.js';
import { atPath, eventually, gone, visible } from '../support/expect.js';
import { confirmDialog } from '../support/rides.js';

/** A 1x1 PNG, for the picture upload. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

for (const vp of viewports) {
  describe(`profile (${vp.name})`, () => {
    const browser = useBrowser(vp);

    test('view, edit with a field message, cancel, save, picture, and deleting the account', async () => {
      const u = buildUser();
      const session = await api.register(u);
      const page = await browser.newPage(signedIn(session));
      await page.goto('/profile');
      await visible(page.getByRole('heading', { level: 1, name: 'My Profile' }), 'My Profile', 15_000);
      expect(await page.getByRole('link', { name: /Back to Dashboard/ }).getAttribute('href')).toBe(
        '/dashboard',
      );
      await visible(page.getByText(u.email).first());
      // Not editing, the phone is a contact element.
      expect(await page.getByRole('link', { name: u.phone }).getAttribute('href')).toBe(`tel:${u.phone}`);
      await visible(text(page, 'Once you delete your account, there is no going back. Please be certain.'));

      // Edit, a bad phone is refused next to the field, Cancel resets the edits.
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      expect(await page.getByPlaceholder('Tell others a bit about yourself...').getAttribute('rows')).toBe(
        '4',
      );
      await field(page, 'Full Name').fill('Someone Else');
      await field(page, 'Phone Number').fill('12345');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await eventually(
        () => fieldError(page, 'Phone Number'),
        (t) => t.length > 0,
        'a message next to the phone',
      );
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      await visible(page.getByText(`${u.firstName} ${u.lastName}`).first(), 'the old name after Cancel');
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      expect(await field(page, 'Full Name').inputValue()).toBe(`${u.firstName} ${u.lastName}`);

      // Save: the full name is split at the first space (specification section 3).
      await field(page, 'Full Name').fill('Aarav Kumar Sharma');
      await field(page, 'Location').fill('Pune');
      await field(page, 'About Me').fill('Daily Hinjewadi commute, 8:30 sharp.');
      await page.setInputFiles('input[type="file"]', { name: 'me.png', mimeType: 'image/png', buffer: PNG });
      await visible(toasts(page).filter({ hasText: /picture/i }), 'the picture message', 15_000);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await visible(text(page, 'Profile updated successfully!'), 'Profile updated successfully!', 15_000);
      await gone(page.getByRole('button', { name: 'Save', exact: true }), 'edit mode');
      await visible(page.getByText('Daily Hinjewadi commute, 8:30 sharp.'));
      const me = await api.login(u.email, u.password);
      expect(me.user).toMatchObject({ firstName: 'Aarav', lastName: 'Kumar Sharma', location: 'Pune' });
      expect(me.user.profilePictureUrl).toBeTruthy();

      // Delete the account: the prompt, then signed out at / and no more sign-in.
      await page.getByRole('button', { name: 'Delete Account' }).click();
      await confirmDialog(page, 'Delete Account');
      await atPath(page, '/', 15_000);
      // The page reloads (specification section 8); the message survives it.
      await visible(text(page, 'Account deleted successfully'), 'Account deleted successfully', 15_000);
      await eventually(
        () => storedUser(page).catch(() => 'reloading'),
        (s) => s === null,
        'the stored user cleared',
      );
      await expect(api.login(u.email, u.password)).rejects.toThrow(/HTTP 40[13]/);
    });
  });
}
