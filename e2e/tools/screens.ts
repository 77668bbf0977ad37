/**
 * Full-page screenshots of /, /find-ride with results and /dashboard with data, at every viewport of the
 * journeys, for a person to look at (it checks nothing): `npm run e2e:screens` (E2E_SKIP_BUILD=1 reuses the
 * current build). It starts the same server, mail capture and Chromium as the journeys (global-setup.ts)
 * and writes the pictures to e2e/artifacts/run-<time>/screens/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import setup from '../global-setup.js';
import { viewports, type Viewport } from '../support/browser.js';
import { api, buildRoute, buildUser, istDate, signedIn } from '../support/data.js';
import { visible } from '../support/expect.js';
import { searchViaUi } from '../support/rides.js';

const provided: Record<string, string> = {};
const teardown = await setup({ provide: (key: string, value: string) => (provided[key] = value) } as never);
process.env.E2E_BASE_URL = provided.baseUrl;
const dir = join(provided.artifactsDir!, 'screens');
mkdirSync(dir, { recursive: true });
const browser = await chromium.connect(provided.wsEndpoint!);

try {
  for (const vp of viewports) await screens(browser, vp);
  console.log(`[screens] written to ${dir}`);
} finally {
  await browser.close();
  await teardown();
}

/** The whole page, and on a phone also screen-sized parts (a tall phone page is unreadable scaled down). */
async function shot(page: Page, vp: Viewport, name: string): Promise<void> {
  await page.screenshot({ path: join(dir, `${name}-${vp.width}.png`), fullPage: true });
  if (!vp.mobile) return;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0, i = 1; y < height; y += vp.height, i++) {
    const clip = { x: 0, y, width: vp.width, height: Math.min(vp.height, height - y) };
    await page.screenshot({ path: join(dir, `${name}-${vp.width}-part${i}.png`), fullPage: true, clip });
  }
}

async function screens(browser: Browser, vp: Viewport): Promise<void> {
  const newPage = async (options: BrowserContextOptions = {}) => {
    const context = await browser.newContext({
      baseURL: provided.baseUrl,
      viewport: { width: vp.width, height: vp.height },
      isMobile: vp.mobile,
      hasTouch: vp.mobile,
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
      reducedMotion: 'reduce',
      ...options,
    });
    return context.newPage();
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

  const page = await newPage();
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await shot(page, vp, 'home');

  const passengerPage = await newPage(signedIn(passenger));
  await passengerPage.goto('/find-ride');
  await searchViaUi(passengerPage, { ...r, date });
  await visible(passengerPage.getByRole('heading', { name: '2 rides found' }), 'the results', 15_000);
  await shot(passengerPage, vp, 'find-ride-results');

  const driverPage = await newPage(signedIn(driver));
  await driverPage.goto('/dashboard');
  await visible(driverPage.getByText('Confirmed passengers:'), 'the dashboard with a passenger', 15_000);
  await shot(driverPage, vp, 'dashboard-driver');
  await passengerPage.goto('/dashboard');
  await passengerPage.getByRole('tab', { name: /^My Bookings/ }).click();
  await passengerPage.waitForLoadState('networkidle');
  await shot(passengerPage, vp, 'dashboard-passenger-bookings');
}
