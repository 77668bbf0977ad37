import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { text, toasts } from '../support/app.js';
import { seriousViolations } from '../support/axe-scan.js';
import { useBrowser, viewports } from '../support/browser.js';
import { startApiServer, type Site } from '../support/cross-origin.js';
import { api, buildRoute, buildUser, istDate, signedIn } from '../support/data.js';
import { atPath, eventually, visible } from '../support/expect.js';
import {
  fillOffer,
  offerBody,
  offerButton,
  resultCard,
  searchViaUi,
  tab,
  type RideInput,
} from '../support/rides.js';
import { codeFromLog, registerAt, setGender, signedInAt } from '../support/safety.js';

const ride = (): RideInput => ({
  ...buildRoute(),
  date: istDate(1),
  time: '09:15',
  seats: 3,
  price: 300,
  carModel: 'Tata Nexon',
  carNumber: 'MH 14 CD 5678',
});

async function person(gender?: 'FEMALE' | 'MALE') {
  const u = buildUser();
  const s = await api.register(u);
  return { ...u, session: gender ? await setGender(s, gender) : s };
}

for (const vp of viewports) {
  describe(`trust and safety (${vp.name})`, () => {
    const browser = useBrowser(vp);

    test('a woman offers a women-only ride, a woman books it, a man is refused with the text', async () => {
      const driver = await person('FEMALE');
      const woman = await person('FEMALE');
      const man = await person('MALE');
      const r = ride();

      const driverPage = await browser.newPage(signedIn(driver.session));
      await driverPage.goto('/offer-ride');
      await fillOffer(driverPage, r);
      await driverPage.getByRole('switch', { name: /Women only/ }).check();
      await offerButton(driverPage).click();
      await atPath(driverPage, '/dashboard', 15_000);

      const page = await browser.newPage(signedIn(woman.session));
      await page.goto('/find-ride');
      await page.getByLabel('Women only rides').check();
      await searchViaUi(page, { from: r.from, to: r.to, date: r.date });
      const card = await resultCard(page, r.from);
      await visible(card.getByText('Women only'), 'the women-only badge');
      expect(await seriousViolations(page)).toEqual([]);
      await card.getByRole('button', { name: 'Book Ride' }).click();
      await page
        .getByRole('dialog', { name: 'Book Ride' })
        .getByRole('button', { name: 'Confirm Booking' })
        .click();
      await atPath(page, '/dashboard', 15_000);
      await visible(toasts(page), 'the success message of the booking');

      const manPage = await browser.newPage(signedIn(man.session));
      await manPage.goto('/offer-ride');
      await visible(manPage.getByLabel('Car Model'));
      expect(await manPage.getByRole('switch', { name: /Women only/ }).count()).toBe(0);
      await manPage.goto('/find-ride');
      await searchViaUi(manPage, { from: r.from, to: r.to, date: r.date });
      const seen = await resultCard(manPage, r.from);
      await seen.getByRole('button', { name: 'Book Ride' }).click();
      const dialog = await visible(manPage.getByRole('dialog', { name: 'Book Ride' }));
      await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
      await visible(dialog.getByText('This ride is for women only'), "the server's refusal", 15_000);
    });

    test('share my trip opens the public page, with SOS, in a signed-out browser', async () => {
      const driver = await person();
      const passenger = await person();
      const r = ride();
      const offered = await api.offerRide(driver.session.token, { ...offerBody(r), passengers: 2 });
      const booking = await api.book(passenger.session.token, offered.id);
      await api.confirm(driver.session.token, booking.id);

      const page = await browser.newPage(signedIn(passenger.session));
      await page.goto('/dashboard');
      await tab(page, 'My Bookings').click();
      await page.getByRole('tabpanel').getByRole('button', { name: 'Share trip' }).click();
      const link = await visible(page.getByRole('link', { name: 'Open trip link' }), 'the trip link', 15_000);
      const url = (await link.getAttribute('href'))!;
      expect(new URL(url).pathname).toMatch(/^\/trip\/[A-Za-z0-9_-]{22,}$/);

      const stranger = await browser.newPage();
      await stranger.goto(url);
      const sos = await visible(
        stranger.getByRole('link', { name: 'SOS: call 112' }),
        'the SOS button',
        15_000,
      );
      expect(await sos.getAttribute('href')).toBe('tel:112');
      const trip = stranger.getByRole('region', { name: 'Trip' });
      await visible(trip.getByText(driver.firstName, { exact: true }), "the driver's first name", 15_000);
      await visible(trip.getByText(passenger.firstName, { exact: true }));
      await visible(trip.getByText(`${r.carModel} · ${r.carNumber}`));
      expect(await trip.textContent()).not.toContain(driver.phone);
      expect(await seriousViolations(stranger)).toEqual([]);

      await stranger.goto('/trip/not-a-real-token');
      await visible(
        text(stranger, 'This trip link has expired or is no longer valid'),
        'the dead-link message',
        15_000,
      );
    });
  });
}

// Phone codes go to the server's log when SMS_URL is unset; the run's own server logs warnings only, so
// this journey has a server of its own that logs at info, and reads the code from that log.
describe('phone verification with the code from the server log (desktop 1280)', () => {
  const browser = useBrowser(viewports[0]!);
  let server: Site;
  beforeAll(async () => {
    server = await startApiServer({ LOG_LEVEL: 'info' });
  });
  afterAll(async () => {
    await server?.close();
  });

  test('send a code, type it from the log, and the phone shows verified', async () => {
    const u = buildUser();
    const s = await registerAt(server.origin, { ...u });
    const page = await browser.newPage(signedInAt(server.origin, s));
    await page.goto('/profile');
    const safety = page.getByRole('region', { name: 'Safety' });
    await safety.getByRole('button', { name: 'Send code' }).click();
    await visible(safety.getByText(`We sent a 6-digit code to ${u.phone}.`), 'the code sent', 15_000);
    await visible(safety.getByRole('button', { name: /Resend code in \d+s/ }), 'the resend countdown');
    const code = (await eventually(
      async () => codeFromLog(server.log!(), u.phone),
      (c) => c !== null,
      'the code in the server log',
    ))!;
    const input = safety.getByLabel('Verification code');
    expect(await input.getAttribute('autocomplete')).toBe('one-time-code');
    await input.fill(code === '000000' ? '111111' : '000000');
    await safety.getByRole('button', { name: 'Verify' }).click();
    await visible(safety.getByText('The code is incorrect'), "the server's text for a wrong code", 15_000);
    await input.fill(code);
    await safety.getByRole('button', { name: 'Verify' }).click();
    await visible(safety.getByText('Your phone number is verified.'), 'the verified phone', 15_000);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
