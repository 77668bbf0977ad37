import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useBrowser, viewports } from '../support/browser.js';
import { api, buildUser, signedIn } from '../support/data.js';
import { text } from '../support/app.js';
import { gone, visible } from '../support/expect.js';

const phone = viewports.find((v) => v.mobile)!;
const screens = ['/', '/signin', '/forgot-password', '/reset-password?token=x', '/help'];

/**
 * Links and buttons under 24 px on a side (WCAG 2.2 target size), except links inside a sentence, whose
 * height is the line's, and what is hidden until focused (the skip link).
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('a[href], button')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (r.width <= 1 || r.height <= 1) return false;
        const inSentence =
          getComputedStyle(el).display === 'inline' &&
          (el.parentElement?.textContent ?? '').trim().length > (el.textContent ?? '').trim().length;
        return !inSentence && (r.width < 24 || r.height < 24);
      })
      .map((el) => {
        const r = el.getBoundingClientRect();
        return `"${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim()}" ${Math.round(r.width)}x${Math.round(r.height)}`;
      }),
  );
}

describe(`tap targets at least 24 px (${phone.name})`, () => {
  const browser = useBrowser(phone);

  test('every link and button a thumb must hit on its own is at least 24 by 24 px', async () => {
    const page = await browser.newPage();
    const found: Record<string, string[]> = {};
    for (const path of screens) {
      await page.goto(path);
      await visible(
        page.getByRole('main').getByRole('heading', { level: 1 }),
        `the heading of ${path}`,
        15_000,
      );
      const small = await smallTargets(page);
      if (small.length) found[path] = small;
    }
    expect(found).toEqual({});
  });

  test("a toast's Close is at least 24 by 24 px, and closes the toast", async () => {
    const page = await browser.newPage(signedIn(await api.register(buildUser())));
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const toast = page.getByRole('listitem').filter({ has: text(page, 'Profile updated successfully!') });
    const close = await visible(
      toast.getByRole('button', { name: 'Close toast' }),
      "the toast's Close",
      15_000,
    );
    const box = (await close.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
    // Whole inside the screen, so that all of it takes a thumb.
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    expect(await smallTargets(page)).toEqual([]);
    await close.click();
    await gone(toast, 'the toast');
  });

  test('radios and checkboxes keep their full size beside a long label', async () => {
    const page = await browser.newPage(signedIn(await api.register(buildUser())));
    const found: Record<string, string[]> = {};
    for (const path of ['/profile', '/offer-ride', '/find-ride']) {
      await page.goto(path);
      await visible(
        page.getByRole('main').getByRole('heading', { level: 1 }),
        `the heading of ${path}`,
        15_000,
      );
      await page.locator('input[type=radio], input[type=checkbox]').first().waitFor();
      const squeezed = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLInputElement>('input[type=radio], input[type=checkbox]')]
          .map((el) => ({ el, r: el.getBoundingClientRect() }))
          .filter(({ r }) => r.width > 1 && Math.abs(r.width - r.height) > 0.5)
          .map(({ el, r }) => `${el.labels?.[0]?.textContent?.trim().slice(0, 40)} ${r.width}x${r.height}`),
      );
      if (squeezed.length) found[path] = squeezed;
    }
    expect(found).toEqual({});
  });
});
