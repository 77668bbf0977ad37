import { describe, expect, test } from 'vitest';
import { useBrowser, viewports } from '../support/browser.js';
import { api, buildRoute, buildUser, istDate, signedIn } from '../support/data.js';
import { atPath, eventually, gone, visible } from '../support/expect.js';
import { fieldError, navItem, text, toasts } from '../support/app.js';
import {
  confirmDialog,
  fillOffer,
  offerBody,
  offerButton,
  priceField,
  resultCard,
  searchViaUi,
  setSeats,
  tab,
  tabCount,
  type RideInput,
} from '../support/rides.js';

const ride = (overrides: Partial<RideInput> = {}): RideInput => ({
  ...buildRoute(),
  date: istDate(1),
  time: '08:30',
  seats: 3,
  price: 250,
  carModel: 'Maruti Swift',
  carNumber: 'KA 01 AB 1234',
  info: 'Small bags only',
  ...overrides,
});

/** Signed-in users made through the API: these journeys are about rides, not accounts. */
async function person() {
  const u = buildUser();
  const s = await api.register(u);
  return { ...u, session: s, name: `${u.firstName} ${u.lastName}` };
}

for (const vp of viewports) {
  describe(`rides and bookings (${vp.name})`, () => {
    const browser = useBrowser(vp);

    test('the offer form: messages, seat stepper 1 to 8 and the earning preview', async () => {
      const driver = await person();
      const page = await browser.newPage(signedIn(driver.session));
      await page.goto('/dashboard');
      await (await navItem(page, 'Offer Ride')).click();
      await atPath(page, '/offer-ride');

      await offerButton(page).click();
      await visible(text(page, 'Starting location is required'));
      expect(await fieldError(page, 'From')).toBe('Starting location is required');
      expect(await fieldError(page, 'To')).toBe('Destination is required');
      expect(await fieldError(page, 'Departure Date')).toBe('Departure date is required');
      expect(await fieldError(page, 'Departure Time')).toBe('Departure time is required');
      expect(await fieldError(page, 'Car Model')).toBe('Car model is required');
      expect(await fieldError(page, 'Car Number')).toBe('Car number is required');
      await visible(text(page, 'Please enter a valid price per seat'));

      const seats = page.getByRole('group', { name: 'Available Seats' }).locator('output');
      expect(await seats.textContent()).toBe('1');
      expect(await page.getByRole('button', { name: 'Decrease seats' }).isDisabled()).toBe(true);
      await setSeats(page, 8);
      expect(await page.getByRole('button', { name: 'Increase seats' }).isDisabled()).toBe(true);
      await setSeats(page, 3);
      await priceField(page).fill('250');
      await eventually(
        () => page.getByTestId('earning').textContent(),
        (t) => t?.replace(/\s/g, '') === '₹750',
        'the earning ₹750',
      );

      // Not earlier than today (IST): yesterday is refused next to the date, and nothing is published.
      await fillOffer(page, ride({ date: istDate(-1) }));
      await offerButton(page).click();
      await eventually(
        () => fieldError(page, 'Departure Date'),
        (t) => t.length > 0,
        'a message next to Departure Date',
      );
      await atPath(page, '/offer-ride');
    });

    test('search: messages and an empty result shown as a count of 0', async () => {
      const passenger = await person();
      const page = await browser.newPage(signedIn(passenger.session));
      await page.goto('/find-ride');
      const form = page.getByRole('search', { name: 'Search rides' });
      await form.getByRole('button', { name: /^Search Rides$/ }).click();
      await visible(text(page, 'Please enter a departure location'));
      await visible(text(page, 'Please enter a destination'));
      await visible(text(page, 'Please select a departure date'));

      await searchViaUi(page, { ...buildRoute(), date: istDate(1) });
      await visible(page.getByRole('heading', { name: /^0 rides? found$/ }), 'the count 0', 15_000);
    });

    test('offer a ride; a second user finds and books it; the driver confirms; My Rides lists the passenger', async () => {
      const driver = await person();
      const passenger = await person();
      const r = ride();

      // The driver offers the ride.
      const driverPage = await browser.newPage(signedIn(driver.session));
      await driverPage.goto('/offer-ride');
      await fillOffer(driverPage, r);
      await offerButton(driverPage).click();
      await atPath(driverPage, '/dashboard', 15_000);
      await visible(toasts(driverPage), 'the success message of the offer');

      // The passenger finds it and books one seat.
      const page = await browser.newPage(signedIn(passenger.session));
      await page.goto('/find-ride');
      // The time is collected but not sent (specification section 2).
      const sent = page.waitForRequest((req) => req.url().includes('/api/rides/search'));
      await searchViaUi(page, { from: r.from, to: r.to, date: r.date, time: '08:00' });
      const query = new URL((await sent).url()).searchParams;
      expect(Object.fromEntries(query)).toMatchObject({
        from: r.from,
        to: r.to,
        date: r.date,
        passengers: '1',
      });
      expect(query.has('time')).toBe(false);
      await visible(page.getByRole('heading', { name: '1 ride found' }), '1 ride found', 15_000);
      const card = await resultCard(page, r.from);
      await visible(card.getByText(`${r.seats} of ${r.seats} seats available`));
      await visible(card.getByText(driver.name));
      const chat = await card.getByRole('link', { name: 'Message Driver' }).getAttribute('href');
      expect(chat).toMatch(new RegExp(`^https://wa\\.me/91${driver.phone}\\?text=.+`));
      await card.getByRole('button', { name: 'Book Ride' }).click();
      const dialog = await visible(page.getByRole('dialog', { name: 'Book Ride' }));
      await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
      await atPath(page, '/dashboard', 15_000);
      await visible(toasts(page), 'the success message of the booking');

      // The passenger's booking is pending under My Bookings.
      await tab(page, 'My Bookings').click();
      const booking = await visible(
        page.getByRole('tabpanel').getByText(r.from).first(),
        'the booking under My Bookings',
        15_000,
      );
      expect(booking).toBeTruthy();
      await visible(page.getByRole('tabpanel').getByText('PENDING', { exact: true }), 'the status PENDING');

      // The driver sees the request under Ride Requests and confirms it.
      await driverPage.goto('/dashboard');
      await visible(tab(driverPage, 'Ride Requests'), 'the Ride Requests tab', 15_000);
      await eventually(
        () => tabCount(driverPage, 'Ride Requests'),
        (n) => n === 1,
        'Ride Requests (1)',
      );
      await tab(driverPage, 'Ride Requests').click();
      const requests = driverPage.getByRole('tabpanel');
      await visible(requests.getByText(passenger.name).first(), 'the passenger in Ride Requests', 15_000);
      await requests
        .getByRole('button', { name: /^(Confirm|Accept)/ })
        .first()
        .click();
      await confirmDialog(driverPage);
      await visible(requests.getByText('CONFIRMED', { exact: true }), 'the request CONFIRMED', 15_000);

      // My Rides lists the passenger under the ride.
      await tab(driverPage, 'My Rides').click();
      const rides = driverPage.getByRole('tabpanel');
      await visible(rides.getByText('Confirmed passengers:'), 'Confirmed passengers:', 15_000);
      const row = await visible(
        rides.getByRole('listitem').filter({ hasText: passenger.name }).last(),
        'the passenger on My Rides',
      );
      // Seats booked, the amount in rupees and the phone (specification section 2, My Rides).
      await visible(row.getByText(/1 seat/));
      await visible(row.getByText(/₹\s?250/));
      await visible(row.getByRole('link', { name: passenger.phone }));

      // And the passenger sees the booking confirmed.
      await page.reload();
      await tab(page, 'My Bookings').click();
      await visible(
        page.getByRole('tabpanel').getByText('CONFIRMED', { exact: true }),
        'the booking CONFIRMED for the passenger',
        15_000,
      );
    });

    test('a new dashboard: greeting, stats, tabs with counts and the three empty states', async () => {
      const user = await person();
      const page = await browser.newPage(signedIn(user.session));
      await page.goto('/dashboard');
      await visible(
        page.getByRole('heading', { level: 1, name: new RegExp(user.firstName) }),
        'the greeting with the first name',
        15_000,
      );
      await visible(text(page, 'Manage your rides and bookings'));
      const main = page.getByRole('main');
      await visible(main.getByRole('button', { name: 'Refresh' }));
      expect(await main.getByRole('link', { name: 'Find a Ride' }).first().getAttribute('href')).toBe(
        '/find-ride',
      );
      expect(await main.getByRole('link', { name: 'Offer Ride', exact: true }).getAttribute('href')).toBe(
        '/offer-ride',
      );
      for (const stat of ['Rides Offered', 'Bookings Made', 'Rating'])
        await visible(main.getByText(stat, { exact: true }));

      await visible(tab(page, 'My Rides'), 'the tabs', 15_000);
      expect(await tab(page, 'My Rides').getAttribute('aria-selected')).toBe('true');
      for (const name of ['My Rides', 'My Bookings', 'Ride Requests'])
        expect(await tabCount(page, name)).toBe(0);
      expect(
        await page
          .getByRole('tabpanel')
          .getByRole('link', { name: 'Offer Your First Ride' })
          .getAttribute('href'),
      ).toBe('/offer-ride');
      await tab(page, 'My Bookings').click();
      expect(
        await page.getByRole('tabpanel').getByRole('link', { name: 'Find a Ride' }).getAttribute('href'),
      ).toBe('/find-ride');
      await tab(page, 'Ride Requests').click();
      await visible(page.getByRole('tabpanel').getByText('No ride requests yet'));
      await visible(
        page.getByRole('tabpanel').getByText('Passengers will appear here when they book your rides'),
      );
    });

    test('the driver edits a ride (seats not below those booked), cancels it from its menu and reactivates it; a future ride cannot be completed', async () => {
      const driver = await person();
      const passenger = await person();
      const r = ride({ seats: 3 });
      const offered = await api.offerRide(driver.session.token, offerBody(r));
      const booking = await api.book(passenger.session.token, offered.id, 2);
      await api.confirm(driver.session.token, booking.id);

      const page = await browser.newPage(signedIn(driver.session));
      await page.goto('/dashboard');
      const card = await visible(
        page
          .getByRole('tabpanel')
          .getByRole('listitem')
          .filter({ has: page.getByRole('heading', { name: new RegExp(`^${r.from}`) }) }),
        'the ride on My Rides',
        15_000,
      );
      const menu = () => card.getByRole('button', { name: `Manage ride from ${r.from} to ${r.to}` });
      await visible(card.getByText('2/3 seats booked'));

      // Ride details.
      await card.getByRole('button', { name: 'Show Details' }).click();
      const details = await visible(page.getByRole('dialog'), 'the ride details');
      await visible(details.getByText(r.carNumber).first(), 'the car number in the details');
      await page.keyboard.press('Escape');
      await gone(page.getByRole('dialog'), 'the ride details');

      // Edit: total seats may not go below the 2 booked; a new price and seat count are saved.
      await menu().click();
      await page.getByRole('menuitem', { name: 'Edit Ride' }).click();
      const edit = await visible(page.getByRole('dialog', { name: 'Edit Ride' }));
      await edit.getByLabel('Total Seats').selectOption('1');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await eventually(
        async () => (await edit.getByRole('alert').allTextContents()).join(' '),
        (t) => t.length > 0,
        'a message for seats below those booked',
      );
      await edit.getByLabel('Total Seats').selectOption('4');
      await edit.getByLabel(/^Price per Seat/).fill('300');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await gone(page.getByRole('dialog', { name: 'Edit Ride' }), 'the edit dialog', 15_000);
      await visible(card.getByText('2/4 seats booked'), 'the new seat count', 15_000);
      await visible(card.getByText(/₹\s?300/), 'the new price');

      // Not yet departed: completing it is not offered, as the server would refuse it (one rule for both,
      // packages/shared ride-status.ts); the refusal's text is the dashboard component test's.
      await menu().click();
      await visible(page.getByRole('menuitem', { name: 'Cancel Ride' }), 'the ride menu');
      expect(await page.getByRole('menuitem', { name: 'Mark as Completed' }).count()).toBe(0);
      await page.getByRole('menuitem', { name: 'Cancel Ride' }).click();
      await confirmDialog(page, 'Cancel Ride');
      await visible(card.getByText('CANCELLED', { exact: true }), 'the ride CANCELLED', 15_000);

      // The passenger's booking went with it.
      const passengerPage = await browser.newPage(signedIn(passenger.session));
      await passengerPage.goto('/dashboard');
      await visible(tab(passengerPage, 'My Bookings'), 'the My Bookings tab', 15_000);
      expect(await tabCount(passengerPage, 'My Bookings')).toBe(0);

      // Before departure it can be made active again.
      await menu().click();
      await page.getByRole('menuitem', { name: 'Reactivate Ride' }).click();
      await confirmDialog(page, 'Reactivate Ride');
      await visible(card.getByText('ACTIVE', { exact: true }), 'the ride ACTIVE again', 15_000);
    });

    test('a passenger cancels a booking and the driver rejects another; the seats are released', async () => {
      const driver = await person();
      const passenger = await person();
      const other = await person();
      const r = ride({ seats: 2 });
      const offered = await api.offerRide(driver.session.token, offerBody(r));
      await api.book(passenger.session.token, offered.id, 1);
      await api.book(other.session.token, offered.id, 1);

      const page = await browser.newPage(signedIn(passenger.session));
      await page.goto('/dashboard');
      await visible(tab(page, 'My Bookings'), 'the My Bookings tab', 15_000);
      await eventually(
        () => tabCount(page, 'My Bookings'),
        (n) => n === 1,
        'My Bookings (1)',
      );
      await tab(page, 'My Bookings').click();
      const panel = page.getByRole('tabpanel');
      await visible(panel.getByText(r.from).first(), 'the booking', 15_000);
      await panel
        .getByRole('button', { name: /^Cancel/ })
        .first()
        .click();
      await confirmDialog(page, 'Cancel Booking');
      await gone(panel.getByText(r.from), 'the cancelled booking', 15_000);
      await eventually(
        () => tabCount(page, 'My Bookings'),
        (n) => n === 0,
        'My Bookings (0)',
      );

      // The driver rejects the other request (the prompt comes first).
      const driverPage = await browser.newPage(signedIn(driver.session));
      await driverPage.goto('/dashboard');
      await visible(tab(driverPage, 'Ride Requests'), 'the Ride Requests tab', 15_000);
      await tab(driverPage, 'Ride Requests').click();
      const request = await visible(
        driverPage.getByRole('tabpanel').getByRole('listitem').filter({ hasText: other.name }),
        "the other passenger's request",
        15_000,
      );
      await request.getByRole('button', { name: 'Reject' }).click();
      await confirmDialog(driverPage, 'Reject');
      await eventually(
        async () => ((await request.isVisible()) ? ((await request.textContent()) ?? '') : 'gone'),
        (t) => t === 'gone' || (t.includes('CANCELLED') && !t.includes('Reject')),
        'the rejected request to be cancelled',
        15_000,
      );

      // Both seats are free again for the next searcher.
      await page.goto('/find-ride');
      await searchViaUi(page, { from: r.from, to: r.to, date: r.date });
      const card = await resultCard(page, r.from);
      await visible(card.getByText(`${r.seats} of ${r.seats} seats available`), 'both seats free again');
    });
  });
}
