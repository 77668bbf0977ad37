import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { navItem } from '../support/app.js';
import { useBrowser, viewports } from '../support/browser.js';
import { api, buildUser, signedIn } from '../support/data.js';
import { atPath, eventually, visible } from '../support/expect.js';

/** Holds back the app's JavaScript, as a slow network does, until the returned function lets it through. */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return async () => {
    release();
    await page.unrouteAll({ behavior: 'wait' });
  };
}

const errorsOf = (page: Page) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
};

for (const vp of viewports) {
  describe(`a first visit on a slow network (${vp.name})`, () => {
    const browser = useBrowser(vp);

    test('/signin shows its form before the JavaScript arrives, and it works once it has', async () => {
      const page = await browser.newPage();
      const errors = errorsOf(page);
      const release = await holdScripts(page);
      await page.goto('/signin', { waitUntil: 'domcontentloaded' });
      await visible(page.getByRole('heading', { level: 1, name: 'Sign in to SaathChalo' }));
      const email = page.getByLabel('Email', { exact: true });
      await visible(email, 'the e-mail field before the JavaScript');
      // Nothing can be typed or submitted before the app takes the form over.
      expect(await email.isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Sign In', exact: true }).isDisabled()).toBe(true);

      await release();
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await visible(page.getByText('Email is required'), 'the validation text from the app');
      expect(errors).toEqual([]);
    });

    test('a signed-in user never sees the visitor’s screen of /, nor a visitor the signed-in /find-ride', async () => {
      const user = buildUser();
      const session = await api.register(user);
      const page = await browser.newPage(signedIn(session));
      const errors = errorsOf(page);
      let release = await holdScripts(page);
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      // The page holds Home as a visitor sees it, hidden until the app renders the signed-in header.
      // (by tag: a hidden heading has no role to find it by)
      await page.locator('h1').waitFor({ state: 'attached' });
      expect(await page.locator('h1').isVisible()).toBe(false);
      await release();
      await navItem(page, 'Logout');
      await visible(page.getByRole('heading', { level: 1 }), 'Home, rendered by the app');

      release = await holdScripts(page);
      await page.goto('/find-ride', { waitUntil: 'domcontentloaded' });
      await visible(page.getByRole('heading', { level: 1, name: 'Find a Ride' }), 'the screen before the JavaScript');
      await release();
      const search = page.getByRole('button', { name: 'Search Rides' });
      await eventually(() => search.isEnabled(), Boolean, 'the search form taken over by the app');
      expect(errors).toEqual([]);

      const visitor = await browser.newPage();
      const release2 = await holdScripts(visitor);
      await visitor.goto('/find-ride', { waitUntil: 'domcontentloaded' });
      await visitor.locator('h1', { hasText: 'Find a Ride' }).waitFor({ state: 'attached' });
      expect(await visitor.locator('h1').isVisible()).toBe(false);
      await release2();
      await atPath(visitor, '/signin');
    });
  });
}
