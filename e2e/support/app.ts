import type { Locator, Page } from 'playwright-core';
import { atPath, visible } from './expect.js';
import type { NewUser } from './data.js';

/**
 * A link or button of the header navigation. At 360 px the menu is collapsed behind "Open menu"
 * (specification section 2: on mobile the menu collapses), so it is opened first.
 */
export async function navItem(page: Page, name: string | RegExp): Promise<Locator> {
  // The first render waits for the screen's code (main.tsx), so the header may not be there yet right
  // after a navigation: decide about the mobile menu only once it is.
  const header = await visible(page.getByRole('banner'), 'the page header');
  const toggle = header.getByRole('button', { name: /open menu/i });
  if (await toggle.isVisible()) await toggle.click();
  const exact = typeof name === 'string';
  const item = header
    .getByRole('link', { name, exact })
    .or(header.getByRole('button', { name, exact }))
    .filter({ visible: true });
  return visible(item, `the navigation entry ${String(name)}`);
}

export async function signOut(page: Page): Promise<void> {
  await (await navItem(page, 'Logout')).click();
  await atPath(page, '/');
  await navItem(page, 'Sign In');
}

export const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

export async function signInViaUi(page: Page, email: string, password: string): Promise<void> {
  if (new URL(page.url()).pathname !== '/signin') await page.goto('/signin');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await atPath(page, '/dashboard', 15_000);
}

export async function fillSignUp(page: Page, u: Partial<NewUser>): Promise<void> {
  if (u.firstName !== undefined) await field(page, 'First Name').fill(u.firstName);
  if (u.lastName !== undefined) await field(page, 'Last Name').fill(u.lastName);
  if (u.email !== undefined) await field(page, 'Email').fill(u.email);
  if (u.phone !== undefined) await field(page, 'Phone Number').fill(u.phone);
  if (u.location !== undefined) await page.getByLabel(/^Location/).fill(u.location);
  if (u.password !== undefined) await field(page, 'Password').fill(u.password);
}

/** A text of the specification on the page (inline message, banner or toast). */
export const text = (page: Page, t: string | RegExp) =>
  page.getByText(t, { exact: typeof t === 'string' }).first();

/** The error shown next to a field (its accessible description), for "message next to the field". */
export async function fieldError(page: Page, label: string): Promise<string> {
  const input = field(page, label);
  const id = await input.getAttribute('aria-describedby');
  if (!id) return '';
  return (await page.locator(`[id="${id.split(' ')[0]}"]`).textContent())?.trim() ?? '';
}

/** The stored browser session (local storage key `user`), or null. */
export async function storedUser(page: Page): Promise<Record<string, unknown> | null> {
  const raw = await page.evaluate(() => localStorage.getItem('user'));
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
}

/** The in-app messages (toasts) that replace window.alert (CONTRACT section 6). */
export const toasts = (page: Page) =>
  page.getByRole('region', { name: /notifications/i }).getByRole('listitem');
