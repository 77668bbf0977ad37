import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useBrowser, viewports } from '../support/browser.js';
import { api, buildUser, signedIn } from '../support/data.js';
import { visible } from '../support/expect.js';

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
