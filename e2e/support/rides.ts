import type { Locator, Page } from 'playwright-core';
import { field } from './app.js';
import { atPath, visible } from './expect.js';

export interface RideInput {
  from: string;
  to: string;
  date: string;
  time: string;
  seats: number;
  price: number;
  carModel: string;
  carNumber: string;
  info?: string;
}

/** The same ride as the body of `POST /api/rides/offer`, for journeys that offer it through the API. */
export const offerBody = (r: RideInput) => ({
  from: r.from,
  to: r.to,
  departureDate: r.date,
  departureTime: r.time,
  passengers: r.seats,
  pricePerSeat: r.price,
  carModel: r.carModel,
  carNumber: r.carNumber,
});

export const priceField = (page: Page) => page.getByLabel(/^Price per Seat/);
export const offerButton = (page: Page) =>
  page.getByRole('main').getByRole('button', { name: 'Offer Ride', exact: true });

/** Sets the seat stepper to `seats` with its buttons. */
export async function setSeats(page: Page, seats: number): Promise<void> {
  const shown = page.getByRole('group', { name: 'Available Seats' }).locator('output');
  for (let i = 0; i < 10; i++) {
    const now = Number(await shown.textContent());
    if (now === seats) return;
    await page.getByRole('button', { name: now < seats ? 'Increase seats' : 'Decrease seats' }).click();
  }
  throw new Error(`The seat stepper did not reach ${seats}`);
}

export async function fillOffer(page: Page, r: RideInput): Promise<void> {
  await field(page, 'From').fill(r.from);
  await field(page, 'To').fill(r.to);
  await field(page, 'Departure Date').fill(r.date);
  await field(page, 'Departure Time').fill(r.time);
  await setSeats(page, r.seats);
  await priceField(page).fill(String(r.price));
  await field(page, 'Car Model').fill(r.carModel);
  await field(page, 'Car Number').fill(r.carNumber);
  if (r.info) await page.getByLabel(/^Additional Information/).fill(r.info);
}

export async function offerViaUi(page: Page, r: RideInput): Promise<void> {
  await page.goto('/offer-ride');
  await fillOffer(page, r);
  await offerButton(page).click();
  await atPath(page, '/dashboard', 15_000);
}

export async function searchViaUi(
  page: Page,
  q: { from: string; to: string; date: string; time?: string; passengers?: number },
): Promise<void> {
  const form = page.getByRole('search', { name: 'Search rides' });
  await form.getByLabel('From', { exact: true }).fill(q.from);
  await form.getByLabel('To', { exact: true }).fill(q.to);
  await form.getByLabel('Date', { exact: true }).fill(q.date);
  if (q.time) await form.getByLabel('Time', { exact: true }).fill(q.time);
  if (q.passengers) await form.getByLabel('Passengers', { exact: true }).selectOption(String(q.passengers));
  await form.getByRole('button', { name: /^Search Rides$/ }).click();
}

/** The result card of the ride from `from` (place names are unique per journey). */
export async function resultCard(page: Page, from: string): Promise<Locator> {
  return visible(
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`^${from}`) }) }),
    `the result for ${from}`,
    15_000,
  );
}

/** A tab of the dashboard by the start of its name (the name carries a count). */
export const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });

/** The number in a tab's name, e.g. "Ride Requests (1)" -> 1. */
export async function tabCount(page: Page, name: string): Promise<number | null> {
  const label = (await tab(page, name).textContent()) ?? '';
  const m = /(\d+)/.exec(label);
  return m ? Number(m[1]) : null;
}

/** Answers the in-app confirmation dialog (specification: prompts precede delete, status change, cancel, accept and reject). */
export async function confirmDialog(
  page: Page,
  button: string | RegExp = /^(Confirm|Yes|OK|Continue)/i,
): Promise<void> {
  const dialog = await visible(
    page.getByRole('alertdialog').or(page.getByRole('dialog')),
    'a confirmation dialog',
  );
  await dialog.getByRole('button', { name: button }).last().click();
}
