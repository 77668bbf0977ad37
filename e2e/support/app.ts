import type { Locator, Page } from 'playwright-core';
import { atPath, visible } from './expect.js';
import type { NewUser } from './data.js';

/**
 * A link or button of the header navigation. At 360 px the menu is collapsed behind "Open menu"
 * (specification section 2), so it is opened first.
 */
export async function navItem(page: Page, name: string | RegExp): Promise<Locator> {
  const toggle = page.getByRole('button', { name: /open menu/i });
  if (await toggle.isVisible()) await toggle.click();
  const header = page.getByRole('banner');
  const item = header
    .getByRole('link', { name, exact: typeof name === 'string' })
    .or(header.getByRole('button', { name, exact: typeof name === 'string' }))
    .filter({ visible: true });
  return visible(item, `the navigation entry ${String(name)}`);
}

export async function signOut(page: Page): Promise<void> {
  await (await navItem(page, 'Logout')).click();
  await atPath(page, '/');
}

export async function signInViaUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel(/^email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await atPath(page, '/dashboard', 15_000);
}

export async function fillSignUp(page: Page, u: Partial<NewUser>): Promise<void> {
  if (u.firstName !== undefined) await page.getByLabel(/first name/i).fill(u.firstName);
  if (u.lastName !== undefined) await page.getByLabel(/last name/i).fill(u.lastName);
  if (u.email !== undefined) await page.getByLabel(/^email/i).fill(u.email);
  if (u.phone !== undefined) await page.getByLabel(/^phone/i).fill(u.phone);
  if (u.location !== undefined) await page.getByLabel(/^location/i).fill(u.location);
  if (u.password !== undefined) await page.getByLabel(/^password/i).fill(u.password);
}

/** The toast or inline message that carries one of the specification's texts. */
export const message = (page: Page, text: string | RegExp) => page.getByText(text, { exact: typeof text === 'string' }).first();
