import { describe, test } from 'vitest';
import { useBrowser, viewports } from '../support/browser.js';
import { atPath, visible } from '../support/expect.js';

for (const vp of viewports) {
  describe(`routing (${vp.name})`, () => {
    const browser = useBrowser(vp);

    test('a signed-in screen sends a signed-out visitor to /signin', async () => {
      const page = await browser.newPage();
      for (const path of ['/dashboard', '/profile', '/offer-ride', '/find-ride']) {
        await page.goto(path);
        await atPath(page, '/signin');
      }
    });

    test('an unknown path shows Home', async () => {
      const page = await browser.newPage();
      await page.goto('/');
      const homeHeading = (await visible(page.getByRole('heading', { level: 1 }), 'the Home heading')).textContent();
      await page.goto('/no/such/page');
      await atPath(page, '/no/such/page');
      await visible(page.getByRole('heading', { level: 1, name: (await homeHeading) ?? '' }), 'the Home heading on an unknown path');
      // Home's hero (specification section 2): Find a Ride and Offer a Ride.
      await visible(page.getByRole('main').getByRole('link', { name: 'Find a Ride' }).or(page.getByRole('main').getByRole('button', { name: 'Find a Ride' })));
      await visible(page.getByRole('main').getByRole('link', { name: 'Offer a Ride' }).or(page.getByRole('main').getByRole('button', { name: 'Offer a Ride' })));
    });
  });
}
