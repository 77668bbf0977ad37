import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { field } from '../support/app.js';
import { useBrowser, viewports } from '../support/browser.js';
import { api, buildRoute, buildUser, istDate, signedIn } from '../support/data.js';
import { eventually, visible } from '../support/expect.js';
import { offerButton, priceField } from '../support/rides.js';

/** What has the keyboard's focus: a button's text, or the tag of anything else. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el instanceof HTMLButtonElement ? (el.textContent ?? '').trim() : (el?.tagName ?? '');
  });

/**
 * A keyboard or screen-reader user presses a form's button; it waits ("Signing in...") while the call is
 * on its way, and after a refusal the focus is still on it, not on the top of the page.
 */
for (const vp of viewports) {
  describe(`focus after a refused form (${vp.name})`, () => {
    const browser = useBrowser(vp);

    test('Sign In pressed from the keyboard keeps the focus after a wrong password', async () => {
      const u = buildUser();
      await api.register(u);
      const page = await browser.newPage();
      await page.goto('/signin');
      await field(page, 'Email').fill(u.email);
      await field(page, 'Password').fill('not-the-password');
      const button = page.getByRole('button', { name: 'Sign In', exact: true });
      await button.focus();
      await page.keyboard.press('Enter');
      await visible(
        page.getByText('Invalid email or password. Please check your credentials and try again.'),
        'the wrong-password message',
      );
      expect(
        await eventually(
          () => focused(page),
          (f) => f === 'Sign In',
          'the focus on Sign In',
        ),
      ).toBe('Sign In');
    });

    test('Offer Ride pressed from the keyboard keeps the focus after a refusal', async () => {
      const session = await api.register(buildUser());
      const page = await browser.newPage(signedIn(session));
      await page.route('**/api/rides/offer', (route) =>
        route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({
            success: false,
            data: null,
            message: 'Conflict',
            error: 'Try another time',
          }),
        }),
      );
      await page.goto('/offer-ride');
      const { from, to } = buildRoute();
      await field(page, 'From').fill(from);
      await field(page, 'To').fill(to);
      await field(page, 'Departure Date').fill(istDate(1));
      await field(page, 'Departure Time').fill('09:00');
      await priceField(page).fill('150');
      await field(page, 'Car Model').fill('Swift');
      await field(page, 'Car Number').fill('KA 01 AB 1234');
      await offerButton(page).focus();
      await page.keyboard.press('Enter');
      await visible(page.getByRole('main').getByText('Try another time'), 'the refusal');
      expect(
        await eventually(
          () => focused(page),
          (f) => f === 'Offer Ride',
          'the focus on Offer Ride',
        ),
      ).toBe('Offer Ride');
    });
  });
}
