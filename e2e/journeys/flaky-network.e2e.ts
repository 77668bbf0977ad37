import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useBrowser, viewports } from '../support/browser.js';
import { api, buildRoute, buildUser, istDate, signedIn, type ApiSession } from '../support/data.js';
import { field, storedUser } from '../support/app.js';
import { atPath, eventually, visible } from '../support/expect.js';
import { offerBody, offerButton, priceField, tab } from '../support/rides.js';

const NETWORK = 'Network error. Please check your connection and try again.';
const FAILED = 'Something went wrong';
const MAP_CHUNK = /\/assets\/route-map-[^/]+\.(js|css)$/;

async function person() {
  const u = buildUser();
  return { ...u, session: await api.register(u) };
}

/** A cheap phone on a weak signal: 400 ms each way and 50 KB/s (Chromium's DevTools protocol). */
async function slowNetwork(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 400,
    downloadThroughput: 50 * 1024,
    uploadThroughput: 50 * 1024,
  });
}

/** A ride of a driver made through the API, on a route only this journey uses. */
async function rideOnOwnRoute() {
  const driver = await person();
  const route = buildRoute();
  const date = istDate(1);
  const ride = await api.offerRide(
    driver.session.token,
    offerBody({
      ...route,
      date,
      time: '09:00',
      seats: 3,
      price: 200,
      carModel: 'Swift',
      carNumber: 'KA 01 AB 1234',
    }),
  );
  const search = `/find-ride?${new URLSearchParams({ ...route, date, passengers: '1' }).toString()}`;
  return { ride, search };
}

async function fillOffer(page: Page): Promise<string> {
  const { from, to } = buildRoute();
  await field(page, 'From').fill(from);
  await field(page, 'To').fill(to);
  await field(page, 'Departure Date').fill(istDate(1));
  await field(page, 'Departure Time').fill('09:00');
  await priceField(page).fill('150');
  await field(page, 'Car Model').fill('Swift');
  await field(page, 'Car Number').fill('KA 01 AB 1234');
  return from;
}

/**
 * The server has map tiles (MAP_TILES_URL, answered at /api/config) and the map's code (Leaflet, its own
 * chunk) does not arrive: a 2G connection dropped the request. Returns the check that follows: once the
 * code is lost, `where` shows the route Bengaluru → Mysuru as its picture and the screen is still there.
 */
async function mapCodeLost(page: Page): Promise<(where: Locator) => Promise<void>> {
  let failed = 0;
  page.on('requestfailed', (r) => {
    if (MAP_CHUNK.test(new URL(r.url()).pathname)) failed += 1;
  });
  await page.route('**/api/config', (r) =>
    r.fulfill({
      json: {
        success: true,
        data: { mapTilesUrl: 'https://tiles.example.in/{z}/{x}/{y}.png', mapAttribution: '© Example maps' },
        message: 'OK',
        error: null,
      },
    }),
  );
  await page.route('https://tiles.example.in/**', (r) => r.abort('internetdisconnected'));
  await page.route(MAP_CHUNK, (r) => r.abort('internetdisconnected'));
  return async (where) => {
    await eventually(
      async () => failed,
      (n) => n > 0,
      "the map's code lost",
    );
    await visible(where.getByRole('img', { name: /^Route: Bengaluru → Mysuru/ }), 'the route picture');
    expect(await page.getByRole('heading', { name: FAILED }).count()).toBe(0);
  };
}

/** Types a place and closes its suggestions, so the list covers nothing the next step clicks. */
async function place(page: Page, name: string, value: string): Promise<void> {
  const input = page.getByRole('combobox', { name });
  await input.fill(value);
  await input.press('Escape');
}

for (const vp of viewports) {
  describe(`a slow, flaky network (${vp.name})`, () => {
    const browser = useBrowser(vp);

    test('a double tap on Confirm Booking over a slow network books once and lands on My Bookings', async () => {
      const { search } = await rideOnOwnRoute();
      const passenger = await person();
      const page = await browser.newPage(signedIn(passenger.session));
      let bookings = 0;
      page.on('request', (r) => {
        if (r.method() === 'POST' && /\/api\/rides\/[^/]+\/book$/.test(new URL(r.url()).pathname))
          bookings += 1;
      });
      await page.goto(search);
      await visible(page.getByRole('button', { name: 'Book Ride' }), 'the ride in the results', 15_000);
      await slowNetwork(page);
      await page.getByRole('button', { name: 'Book Ride' }).click();
      const dialog = await visible(
        page.getByRole('dialog', { name: 'Book Ride' }),
        'the booking dialog',
        20_000,
      );
      await dialog.getByRole('button', { name: 'Confirm Booking' }).dblclick();
      await atPath(page, '/dashboard', 30_000);
      expect(bookings).toBe(1);
      expect(await page.getByText('You already have a booking for this ride').count()).toBe(0);
    });

    test('offline, Book Ride says so and keeps the results; online again, the dialog opens', async () => {
      const { search } = await rideOnOwnRoute();
      const passenger = await person();
      const page = await browser.newPage(signedIn(passenger.session));
      await page.goto(search);
      const book = await visible(page.getByRole('button', { name: 'Book Ride' }), 'the ride', 15_000);
      await page.context().setOffline(true);
      await book.click();
      const notice = await visible(
        page.getByRole('alert').filter({ hasText: NETWORK }),
        'the network message',
      );
      await visible(page.getByText('1 ride found'), 'the results, still there');
      // Its Close is a target a thumb can hit (WCAG 2.2: 24 px).
      const close = await notice.getByRole('button', { name: 'Close' }).boundingBox();
      expect(Math.min(close!.width, close!.height)).toBeGreaterThanOrEqual(24);

      await page.context().setOffline(false);
      await book.click();
      await visible(page.getByRole('dialog', { name: 'Book Ride' }), 'the booking dialog', 15_000);
    });

    test('offline, Cancel Booking says so and keeps the dashboard; online again, the prompt opens', async () => {
      const { ride } = await rideOnOwnRoute();
      const passenger = await person();
      await api.book(passenger.session.token, ride.id);
      const page = await browser.newPage(signedIn(passenger.session));
      await page.goto('/dashboard');
      await tab(page, 'My Bookings').click();
      const cancel = await visible(
        page.getByRole('button', { name: 'Cancel Booking' }),
        'Cancel Booking',
        15_000,
      );
      await page.context().setOffline(true);
      await cancel.click();
      await visible(page.getByRole('alert').filter({ hasText: NETWORK }), 'the network message');
      await visible(tab(page, 'My Bookings'), 'the dashboard, still there');
      expect(await storedUser(page)).not.toBeNull();

      await page.context().setOffline(false);
      await cancel.click();
      const prompt = await visible(page.getByRole('dialog', { name: 'Cancel this booking?' }), 'the prompt');
      await prompt.getByRole('button', { name: 'Cancel Booking' }).click();
      await visible(
        page.getByRole('tab', { name: 'My Bookings (0)' }),
        'the booking gone from the list',
        15_000,
      );
    });

    test('offline, Offer Ride says so at once and keeps the form; online again, it publishes', async () => {
      const driver = await person();
      const page = await browser.newPage(signedIn(driver.session));
      await page.goto('/offer-ride');
      const from = await fillOffer(page);
      await page.context().setOffline(true);
      await offerButton(page).click();
      await visible(page.getByRole('alert').filter({ hasText: `Error: ${NETWORK}` }), 'the network message');
      expect(await field(page, 'From').inputValue()).toBe(from);
      expect(await field(page, 'Car Number').inputValue()).toBe('KA 01 AB 1234');

      await page.context().setOffline(false);
      await offerButton(page).click();
      await atPath(page, '/dashboard', 15_000);
    });

    test("the map's code lost on the way: a found ride's route shows as its picture, and the ride can be booked", async () => {
      // Real gazetteer places, so that the route can be drawn; the car number tells this ride apart.
      const driver = await person();
      const carNumber = `KA 01 MAP ${String(Date.now()).slice(-4)}`;
      const date = istDate(1);
      const ride = { from: 'Bengaluru', to: 'Mysuru', date, time: '07:15', seats: 3, price: 250 };
      await api.offerRide(driver.session.token, offerBody({ ...ride, carModel: 'Swift', carNumber }));
      const passenger = await person();
      const page = await browser.newPage(signedIn(passenger.session));
      const pictureStays = await mapCodeLost(page);
      await page.goto(
        `/find-ride?${new URLSearchParams({ from: 'Bengaluru', to: 'Mysuru', date }).toString()}`,
      );
      const card = await visible(
        page.getByRole('listitem').filter({ hasText: carNumber }),
        'the ride',
        15_000,
      );
      await card.getByRole('button', { name: 'Show route' }).click();
      await pictureStays(card);
      await card.getByRole('button', { name: 'Book Ride' }).click();
      await visible(page.getByRole('dialog', { name: 'Book Ride' }), 'the booking dialog', 15_000);
      await page.keyboard.press('Escape');

      // The connection is back: the next time the route is shown, the map comes.
      await page.unroute(MAP_CHUNK);
      await card.getByRole('button', { name: 'Hide route' }).click();
      await card.getByRole('button', { name: 'Show route' }).click();
      await visible(card.getByRole('region', { name: 'Map of the route' }), 'the map', 15_000);
    });

    test("the map's code lost on the way: the offer form draws its route as the picture and keeps the form", async () => {
      const driver = await person();
      const page = await browser.newPage(signedIn(driver.session));
      const pictureStays = await mapCodeLost(page);
      await page.goto('/offer-ride');
      await place(page, 'From', 'Bengaluru');
      await place(page, 'To', 'Mysuru');
      await pictureStays(await visible(page.getByTestId('route-preview'), 'the route preview', 15_000));
      await field(page, 'Car Model').fill('Swift');
      expect(await field(page, 'From').inputValue()).toBe('Bengaluru');
    });

    test('an access token that expired mid-form, then a refresh lost in a tunnel, keeps the session and the form', async () => {
      const driver = await person();
      const expired: ApiSession = { ...driver.session, token: 'expired.access.token' };
      const page = await browser.newPage(signedIn(expired));
      await page.goto('/offer-ride');
      const from = await fillOffer(page);
      await page.route('**/api/auth/refresh-token', (r) => r.abort('internetdisconnected'));
      await offerButton(page).click();
      await visible(page.getByRole('alert').filter({ hasText: `Error: ${NETWORK}` }), 'the network message');
      expect(new URL(page.url()).pathname).toBe('/offer-ride');
      expect(await field(page, 'From').inputValue()).toBe(from);
      expect((await storedUser(page))?.refreshToken).toBe(driver.session.refreshToken);

      // The connection is back: the refresh goes through and the same tap publishes the ride.
      await page.unroute('**/api/auth/refresh-token');
      await offerButton(page).click();
      await atPath(page, '/dashboard', 15_000);
    });
  });
}
