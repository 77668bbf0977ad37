import { randomInt } from 'node:crypto';
import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from '../support/axe-scan.js';
import { useBrowser, viewports } from '../support/browser.js';
import { api, buildUser, istDate, signedIn } from '../support/data.js';
import { field } from '../support/app.js';
import { atPath, eventually, visible } from '../support/expect.js';
import { offerButton, priceField, searchViaUi, tab } from '../support/rides.js';

/** Signed-in users made through the API: the subject here is the route, not accounts. */
async function person() {
  const u = buildUser();
  return { ...u, session: await api.register(u) };
}

/** Types a place and closes its suggestions (Escape), so the list covers nothing the next step clicks. */
async function place(input: Locator, name: string): Promise<void> {
  await input.fill(name);
  await input.press('Escape');
}

for (const vp of viewports) {
  describe(`along the way (${vp.name})`, () => {
    const browser = useBrowser(vp);

    test('a ride with two stops is found from a stop, its segment booked and shown to the driver', async () => {
      // Real gazetteer places: Bengaluru → Maddur → Mandya → Mysuru. The car number tells this ride apart.
      const carNumber = `KA 0${randomInt(1, 9)} E2E ${randomInt(1000, 9999)}`;
      const date = istDate(1);
      const driver = await person();
      const page = await browser.newPage(signedIn(driver.session));
      await page.goto('/offer-ride');
      await place(page.getByRole('combobox', { name: 'From' }), 'Bengaluru');
      await place(page.getByRole('combobox', { name: 'To' }), 'Mysuru');
      await field(page, 'Departure Date').fill(date);
      await field(page, 'Departure Time').fill('08:30');
      await page.getByRole('button', { name: 'Add stop' }).click();
      await place(page.getByRole('combobox', { name: 'Stop 1' }), 'Maddur');
      await page.getByRole('button', { name: 'Add stop' }).click();
      await place(page.getByRole('combobox', { name: 'Stop 2' }), 'Mandya');
      // The suggested price comes from the distance through the stops; the driver takes it.
      await visible(page.getByTestId('suggested-price'), 'the suggested price', 15_000);
      await page.getByRole('button', { name: 'Use suggested price' }).click();
      const suggested = Number((await priceField(page).inputValue()) || 0);
      expect(suggested).toBeGreaterThan(300);
      await field(page, 'Car Model').fill('Maruti Swift');
      await field(page, 'Car Number').fill(carNumber);
      await offerButton(page).click();
      await atPath(page, '/dashboard', 15_000);

      // A passenger going from Mandya (a stop) to Mysuru finds it, boarding at Mandya.
      const passenger = await person();
      const p = await browser.newPage(signedIn(passenger.session));
      await p.goto('/find-ride');
      await searchViaUi(p, { from: 'Mandya', to: 'Mysuru', date });
      const card = await visible(
        p.getByRole('listitem').filter({ hasText: carNumber }),
        'the ride with two stops in the results',
        15_000,
      );
      const segment = await visible(card.getByTestId('segment'), 'where the passenger boards and leaves');
      expect(await segment.textContent()).toMatch(/^Board:Mandya, .+Leave:Mysuru, /);
      const price = Number(((await card.getByText(/^₹/).first().textContent()) ?? '').replace(/[^\d]/g, ''));
      expect(price).toBeGreaterThan(0);
      expect(price).toBeLessThan(suggested); // the segment costs its share of the route

      // The route picture, with no map tiles configured: the points in order, the segment highlighted.
      await card.getByRole('button', { name: 'Show route' }).click();
      const picture = await visible(
        card.getByRole('img', { name: /^Route: Bengaluru → Maddur → Mandya → Mysuru/ }),
      );
      expect(await picture.locator('line[data-segment]').count()).toBe(1);
      expect(await card.getByRole('region', { name: 'Map of the route' }).count()).toBe(0);
      expect(await seriousViolations(p)).toEqual([]);

      await card.getByRole('button', { name: 'Book Ride' }).click();
      const dialog = await visible(p.getByRole('dialog', { name: 'Book Ride' }));
      await visible(dialog.getByText(/^Mandya to Mysuru, /));
      await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
      await atPath(p, '/dashboard', 15_000);
      await tab(p, 'My Bookings').click();
      await visible(p.getByRole('tabpanel').getByTestId('pickup-drop'));

      // The driver sees the segment under Ride Requests.
      await page.reload();
      await tab(page, 'Ride Requests').click();
      const requests = page.getByRole('tabpanel');
      await eventually(
        () => requests.getByTestId('pickup-drop').first().textContent(),
        (t) => /^Pickup → drop: Mandya, .+→\s*to Mysuru, /.test(t ?? ''),
        'the pickup → drop Mandya → Mysuru',
      );
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("the offer form's route preview fills a phone's width and keeps to a picture's size on a laptop", async () => {
      const page = await browser.newPage(signedIn((await person()).session));
      await page.goto('/offer-ride');
      await place(page.getByRole('combobox', { name: 'From' }), 'Bengaluru');
      await place(page.getByRole('combobox', { name: 'To' }), 'Mysuru');
      const preview = await visible(page.getByTestId('route-preview'), 'the route preview', 15_000);
      const picture = (await preview.getByRole('img', { name: /^Route: Bengaluru → Mysuru/ }).boundingBox())!;
      const from = (await page.getByRole('combobox', { name: 'From' }).boundingBox())!;
      const form = (await page.getByRole('main').locator('form').boundingBox())!;
      if (vp.mobile) {
        expect(Math.round(picture.width)).toBe(Math.round(form.width)); // the form's whole width
      } else {
        // Stretched over the form, a 320 by 180 picture was 688 by 387 px: at most 448 px wide (max-w-md).
        expect(picture.width).toBeLessThanOrEqual(448);
        expect(picture.width).toBeGreaterThanOrEqual(320);
        expect(Math.round(picture.x)).toBe(Math.round(from.x)); // in line with the fields above it
      }
    });
  });
}
