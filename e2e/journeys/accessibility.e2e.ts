import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from '../support/axe-scan.js';
import { useBrowser, viewports } from '../support/browser.js';
import { api, buildRoute, buildUser, istDate, signedIn } from '../support/data.js';
import { visible } from '../support/expect.js';
import { searchViaUi } from '../support/rides.js';

const publicScreens = [
  '/',
  '/signin',
  '/signup',
  '/forgot-password',
  '/reset-password?token=x',
  '/verify-email',
  '/how-it-works',
  '/safety',
  '/help',
];
const signedInScreens = ['/dashboard', '/profile', '/offer-ride', '/find-ride'];

/** At 360 px nothing may push the page sideways (the issue: usable at 360 px wide). */
async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter(
        (el) => el.getBoundingClientRect().right > width + 1 && getComputedStyle(el).position !== 'fixed',
      )
      .filter((el) => !el.closest('[class*="overflow-x-auto"]'))
      .slice(0, 3)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').slice(0, 3).join('.')}` : ''}`,
      );
    return [`page is ${document.documentElement.scrollWidth}px wide at ${width}px: ${wide.join(', ')}`];
  });
}

/**
 * What the server's Content-Security-Policy refused on the page, from now on: Chrome lists each as an
 * issue (Lighthouse's best practices count them), though a refused eval that the code catches shows
 * nothing on screen. Read back per page, as a navigation starts a new list.
 */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspRefused: string[] }).cspRefused = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`CSP refused ${e.violatedDirective}: ${e.blockedURI} (${e.sourceFile}:${e.lineNumber})`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspRefused?: string[] }).cspRefused ?? []);
}

/** Loaded: the screen's main heading is there and no spinner is left. */
async function settle(page: Page): Promise<void> {
  await visible(
    page.getByRole('main').getByRole('heading', { level: 1 }),
    `the heading of ${page.url()}`,
    15_000,
  );
  await page.waitForLoadState('networkidle');
  await page
    .getByRole('status')
    .filter({ hasText: /loading|searching/i })
    .first()
    .waitFor({ state: 'hidden' })
    .catch(() => {});
}

for (const vp of viewports) {
  describe(`axe-core scan${vp.mobile ? ' and no sideways scrolling' : ''} (${vp.name})`, () => {
    const browser = useBrowser(vp);

    test('signed-out screens have no serious or critical violation, nor anything the CSP refuses', async () => {
      const page = await browser.newPage();
      const refused = await watchCsp(page);
      const found: Record<string, string[]> = {};
      for (const path of publicScreens) {
        await page.goto(path);
        await settle(page);
        const v = [
          ...(await seriousViolations(page)),
          ...(vp.mobile ? await horizontalOverflow(page) : []),
          ...(await refused()),
        ];
        if (v.length) found[path] = v;
      }
      expect(found).toEqual({});
    });

    test('signed-in screens (and search results) have no serious or critical violation, nor anything the CSP refuses', async () => {
      const driver = await api.register(buildUser());
      const r = buildRoute();
      await api.offerRide(driver.token, {
        ...r,
        departureDate: istDate(1),
        departureTime: '18:15',
        passengers: 4,
        pricePerSeat: 180,
        carModel: 'Hyundai i20',
        carNumber: 'MH 12 XY 9876',
      });
      const passenger = await api.register(buildUser());
      const page = await browser.newPage(signedIn(passenger));
      const refused = await watchCsp(page);
      const found: Record<string, string[]> = {};
      for (const path of signedInScreens) {
        await page.goto(path);
        await settle(page);
        const v = [
          ...(await seriousViolations(page)),
          ...(vp.mobile ? await horizontalOverflow(page) : []),
          ...(await refused()),
        ];
        if (v.length) found[path] = v;
      }
      await page.goto('/find-ride');
      await searchViaUi(page, { ...r, date: istDate(1) });
      await visible(page.getByRole('heading', { name: '1 ride found' }), 'the search result', 15_000);
      const v = [...(await seriousViolations(page)), ...(vp.mobile ? await horizontalOverflow(page) : [])];
      if (v.length) found['/find-ride (results)'] = v;
      expect(found).toEqual({});
    });
  });
}
