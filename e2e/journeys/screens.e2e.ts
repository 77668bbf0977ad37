import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, inject, test } from 'vitest';
import { useBrowser, viewports } from '../support/browser.js';
import { api, buildRoute, buildUser, istDate, signedIn } from '../support/data.js';
import { visible } from '../support/expect.js';
import { searchViaUi } from '../support/rides.js';

/**
 * Full-page screenshots of /, /find-ride with results and /dashboard with data, for a person to look at.
 * Not a check, so it only runs on demand: E2E_SCREENSHOTS=1 npm run test:e2e -- e2e/journeys/screens
 */
for (const vp of viewports) {
  describe.skipIf(process.env.E2E_SCREENSHOTS !== '1')(`screens for review (${vp.name})`, () => {
    const browser = useBrowser(vp);

    test('home, search results and dashboard', async () => {
      const dir = join(inject('artifactsDir'), 'screens');
      mkdirSync(dir, { recursive: true });
      /** The whole page, and at 360 px also screen-sized parts (a tall phone page is unreadable scaled down). */
      const shot = async (p: Page, name: string) => {
        await p.screenshot({ path: join(dir, `${name}-${vp.width}.png`), fullPage: true });
        if (!vp.mobile) return;
        const height = await p.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0, i = 1; y < height; y += vp.height, i++) {
          const clip = { x: 0, y, width: vp.width, height: Math.min(vp.height, height - y) };
          await p.screenshot({ path: join(dir, `${name}-${vp.width}-part${i}.png`), fullPage: true, clip });
        }
      };

      const driver = await api.register(buildUser({ firstName: 'Vikram', lastName: 'Raghunathan' }));
      const passenger = await api.register(buildUser({ firstName: 'Meera', lastName: 'Krishnamurthy' }));
      const r = buildRoute();
      const date = istDate(1);
      const base = { ...r, departureDate: date, carModel: 'Maruti Suzuki Dzire', carNumber: 'KA 05 MN 4321' };
      const first = await api.offerRide(driver.token, {
        ...base,
        departureTime: '08:15',
        passengers: 3,
        pricePerSeat: 220,
        additionalInfo: 'AC car, one stop at Silk Board for tea',
      });
      await api.offerRide(driver.token, {
        ...base,
        departureTime: '18:40',
        passengers: 4,
        pricePerSeat: 1250,
        instantBooking: true,
      });
      const b = await api.book(passenger.token, first.id, 2);
      await api.confirm(driver.token, b.id);

      const page = await browser.newPage();
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      await shot(page, 'home');

      const passengerPage = await browser.newPage(signedIn(passenger));
      await passengerPage.goto('/find-ride');
      await searchViaUi(passengerPage, { ...r, date });
      await visible(passengerPage.getByRole('heading', { name: '2 rides found' }), 'the results', 15_000);
      await shot(passengerPage, 'find-ride-results');

      const driverPage = await browser.newPage(signedIn(driver));
      await driverPage.goto('/dashboard');
      await visible(driverPage.getByText('Confirmed passengers:'), 'the dashboard with a passenger', 15_000);
      await shot(driverPage, 'dashboard-driver');
      await passengerPage.goto('/dashboard');
      await passengerPage.getByRole('tab', { name: /^My Bookings/ }).click();
      await passengerPage.waitForLoadState('networkidle');
      await shot(passengerPage, 'dashboard-passenger-bookings');
    });
  });
}
