import type { Download, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from '../support/axe-scan.js';
import { useBrowser, viewports } from '../support/browser.js';
import { api, buildRoute, buildUser, istDate, signedIn } from '../support/data.js';
import { atPath, visible } from '../support/expect.js';
import { field, text } from '../support/app.js';
import { confirmDialog, fillOffer, offerButton, resultCard, searchViaUi, tab } from '../support/rides.js';

/** The first Monday-to-Friday date from tomorrow on (IST): the commute's first ride. */
function firstWeekday(): string {
  for (let d = 1; ; d++) {
    const date = istDate(d);
    const day = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (day >= 1 && day <= 5) return date;
  }
}

async function person() {
  const u = buildUser();
  return { ...u, session: await api.register(u) };
}

async function readDownload(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await download.createReadStream()) as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** The commute's rides of the next two weeks on My Commutes, soonest first. */
const nextRides = (page: Page) => page.getByRole('list', { name: 'Next rides' }).getByRole('listitem');

for (const vp of viewports) {
  describe(`commuter mode (${vp.name})`, () => {
    const browser = useBrowser(vp);

    test('a driver repeats a ride Mon–Fri with a return trip, a passenger books every ride, the driver skips a day and the passenger sees why', async () => {
      const route = buildRoute();
      const start = firstWeekday();
      const driver = await person();
      const passenger = await person();

      // The driver offers a ride that repeats on weekdays, with a return trip at 18:00.
      const dp = await browser.newPage(signedIn(driver.session));
      await dp.goto('/offer-ride');
      await fillOffer(dp, {
        ...route,
        date: start,
        time: '08:30',
        seats: 3,
        price: 120,
        carModel: 'Maruti Swift',
        carNumber: 'KA 01 AB 1234',
      });
      const repeat = dp.getByRole('group', { name: 'Repeat on' });
      for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])
        await repeat.getByRole('button', { name: day, exact: true }).click();
      expect(await repeat.getByRole('button', { name: 'Fri' }).getAttribute('aria-pressed')).toBe('true');
      await field(dp, 'Return time (optional)').fill('18:00');
      await offerButton(dp).click();
      await atPath(dp, '/my-commutes', 15_000);
      await visible(
        dp.getByRole('heading', { level: 2, name: `${route.from} to ${route.to}` }),
        'the commute',
        15_000,
      );
      await visible(text(dp, /^Mon–Fri, 08:30, back at 18:00/));
      const rows = nextRides(dp);
      await visible(rows.first(), 'the next rides');
      expect(await rows.count()).toBeGreaterThanOrEqual(16); // 8 to 10 weekdays in 14 days, both ways
      expect(await rows.first().textContent()).toMatch(/8:30 am · Outbound · 0 of 3 seats booked/);
      expect(await rows.nth(1).textContent()).toMatch(/6:00 pm · Return · 0 of 3 seats booked/);
      expect(await seriousViolations(dp)).toEqual([]);

      // Add to calendar: the authenticated .ics arrives as a file, repeating on the commute's days.
      const [download] = await Promise.all([
        dp.waitForEvent('download'),
        dp.getByRole('button', { name: 'Add to calendar' }).first().click(),
      ]);
      const ics = await readDownload(download);
      expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR');

      // The passenger finds the first ride, marked with its days, and books every ride that way.
      const pp = await browser.newPage(signedIn(passenger.session));
      await pp.goto('/find-ride');
      await searchViaUi(pp, { ...route, date: start });
      const card = await resultCard(pp, route.from);
      await visible(card.getByText('Mon–Fri, 08:30'), 'the commute mark');
      await card.getByRole('button', { name: 'Book every ride' }).click();
      const dialog = await visible(pp.getByRole('dialog', { name: 'Book every ride' }), 'the dialog');
      await dialog.getByRole('button', { name: 'Book every ride' }).click();
      const summary = await visible(dialog.getByText(/^\d+ rides booked\.$/), 'the summary', 15_000);
      const booked = Number((await summary.textContent())!.split(' ')[0]);
      expect(booked).toBeGreaterThanOrEqual(8);
      expect(await seriousViolations(pp)).toEqual([]);

      // The driver sees the seat booked on the first day and skips that day.
      await dp.reload();
      await visible(text(dp, /8:30 am · Outbound · 1 of 3 seats booked/), 'the booked seat', 15_000);
      const first = nextRides(dp).first();
      expect(await first.textContent()).toMatch(/Outbound · 1 of 3 seats booked/);
      await first.getByRole('button', { name: 'Skip day' }).click();
      await confirmDialog(dp, 'Skip day');
      await visible(nextRides(dp).first().getByText('CANCELLED'), 'the skipped day', 15_000);

      // The passenger's bookings stand under the commute; the skipped day is cancelled, with its reason.
      await pp.goto('/dashboard');
      await tab(pp, 'My Bookings').click();
      const panel = pp.getByRole('tabpanel');
      await visible(
        panel.getByRole('heading', { name: `Commute ${route.from} to ${route.to}, Mon–Fri, 08:30` }),
        'the group',
        15_000,
      );
      await visible(panel.getByRole('button', { name: 'Stop booking' }));
      await panel.getByRole('button', { name: 'Show cancelled bookings (1)' }).click();
      await visible(panel.getByText('Cancelled: the driver cancelled this ride'), 'the reason');
      expect(await seriousViolations(pp)).toEqual([]);

      // The driver adds a stop: the outbound rides the passenger booked keep their route, the others take it.
      await dp.getByRole('button', { name: 'Edit' }).first().click();
      const edit = await visible(dp.getByRole('dialog', { name: 'Edit Commute' }), 'Edit Commute');
      await edit.getByRole('button', { name: 'Add stop' }).click();
      await edit.getByRole('combobox', { name: 'Stop 1' }).fill('Indiranagar');
      await edit.getByLabel('Stop 1 time (optional)').fill('08:50');
      expect(await seriousViolations(dp)).toEqual([]);
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await visible(text(dp, 'via Indiranagar'), 'the new route on the card', 15_000);
      const bookedRide = nextRides(dp).filter({ hasText: 'Outbound · 1 of 3 seats booked' }).first();
      expect(await bookedRide.textContent()).toContain(
        `Keeps its booked route: ${route.from} →to ${route.to}`,
      );
      const unbookedRide = nextRides(dp).filter({ hasText: 'Return · 0 of 3 seats booked' }).first();
      expect(await unbookedRide.textContent()).not.toContain('Keeps its booked route');
      expect(await seriousViolations(dp)).toEqual([]);
    }, 120_000);
  });
}
