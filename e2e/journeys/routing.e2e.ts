import { describe, expect, test } from 'vitest';
import { navItem, text } from '../support/app.js';
import { useBrowser, viewports } from '../support/browser.js';
import { api, buildUser, signedIn } from '../support/data.js';
import { atPath, eventually, visible } from '../support/expect.js';

for (const vp of viewports) {
  describe(`routing (${vp.name})`, () => {
    const browser = useBrowser(vp);

    test('a signed-in screen sends a signed-out visitor to /signin', async () => {
      const page = await browser.newPage();
      for (const path of ['/dashboard', '/profile', '/offer-ride', '/find-ride', '/my-commutes']) {
        await page.goto(path);
        await atPath(page, '/signin');
      }
      // Without a stored user no API call is made for the screen (the guard runs first).
      await visible(page.getByRole('button', { name: 'Sign In', exact: true }));
    });

    test('an unknown path shows Home', async () => {
      const page = await browser.newPage();
      await page.goto('/');
      const homeHeading = await (
        await visible(page.getByRole('heading', { level: 1 }), 'the Home heading')
      ).textContent();
      await page.goto('/no/such/page');
      await atPath(page, '/no/such/page');
      await visible(
        page.getByRole('heading', { level: 1, name: homeHeading ?? '' }),
        'the Home heading on an unknown path',
      );
      // Home's hero (specification section 2): Find a Ride and Offer a Ride, and Get Started to /join.
      const main = page.getByRole('main');
      await visible(main.getByRole('link', { name: 'Find a Ride' }));
      await visible(main.getByRole('link', { name: 'Offer a Ride' }));
      expect(await main.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/join');
    });

    test('navigation, logo and footer in both states; a route change scrolls to the top', async () => {
      const page = await browser.newPage();
      await page.goto('/');
      expect(
        await page.getByRole('banner').getByRole('link', { name: 'SaathChalo' }).getAttribute('href'),
      ).toBe('/');
      await navItem(page, 'Sign In');
      await (await navItem(page, 'Join')).click();
      await atPath(page, '/join');
      await visible(page.getByRole('button', { name: 'Create Account' }), 'the sign-up form at /join');

      // Footer: the five links and the support contacts.
      const footer = page.getByRole('contentinfo');
      const hrefs = await footer
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      for (const path of ['/find-ride', '/offer-ride', '/how-it-works', '/safety', '/help'])
        expect(hrefs).toContain(path);
      expect(hrefs.some((h) => h?.startsWith('tel:'))).toBe(true);
      expect(hrefs.some((h) => h?.startsWith('mailto:'))).toBe(true);

      // From the bottom of a long page, a footer link opens the next screen at its top.
      await page.goto('/');
      await visible(page.getByRole('link', { name: 'Get Started' }), 'the whole Home screen');
      await eventually(
        () =>
          page.evaluate(() => (window.scrollTo(0, document.documentElement.scrollHeight), window.scrollY)),
        (y) => y > 200,
        'the page scrolled down',
      );
      await footer.getByRole('link', { name: 'Safety' }).click();
      await atPath(page, '/safety');
      await eventually(
        () => page.evaluate(() => window.scrollY),
        (y) => y === 0,
        'the new screen at the top',
      );

      // Signed in: Find Ride, Offer Ride, My Commutes, Dashboard, Profile, Logout; the logo goes to /dashboard.
      const user = await api.register(buildUser());
      const signedInPage = await browser.newPage(signedIn(user));
      await signedInPage.goto('/help');
      expect(
        await signedInPage.getByRole('banner').getByRole('link', { name: 'SaathChalo' }).getAttribute('href'),
      ).toBe('/dashboard');
      for (const [name, path] of [
        ['Find Ride', '/find-ride'],
        ['Offer Ride', '/offer-ride'],
        ['My Commutes', '/my-commutes'],
        ['Profile', '/profile'],
        ['Dashboard', '/dashboard'],
      ] as const) {
        await (await navItem(signedInPage, name)).click();
        await atPath(signedInPage, path);
      }
      await navItem(signedInPage, 'Logout');
    });

    test('help: five category tabs and a text search with a no-results state', async () => {
      const page = await browser.newPage();
      await page.goto('/help');
      const tabs = page.getByRole('tablist', { name: 'Help categories' }).getByRole('tab');
      await visible(tabs.first(), 'the help categories');
      expect(await tabs.allTextContents()).toEqual(['General', 'Booking', 'Payment', 'Safety', 'Account']);
      await page.getByRole('tab', { name: 'Payment' }).click();
      expect(await page.getByRole('tab', { name: 'Payment' }).getAttribute('aria-selected')).toBe('true');
      const search = page.getByRole('searchbox', { name: 'Search help articles' });
      await search.fill('refund');
      await visible(
        page.getByRole('status').filter({ hasText: /[1-9]\d* results? for/ }),
        'results for refund',
      );
      await search.fill('zzqx nothing matches');
      await visible(text(page, 'No results found'));
    });
  });
}
