import type { Locator, Page } from 'playwright-core';

/**
 * Waiting assertions on top of playwright-core (the test runner is vitest, so Playwright's own
 * `expect` is not available). Each waits up to `timeout` and fails with what it was looking for.
 */

export async function visible(locator: Locator, what?: string, timeout = 10_000): Promise<Locator> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch {
    throw new Error(`Expected to see ${what ?? String(locator)} within ${timeout} ms`);
  }
  return locator.first();
}

export async function gone(locator: Locator, what?: string, timeout = 10_000): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'hidden', timeout });
  } catch {
    throw new Error(`Expected ${what ?? String(locator)} to disappear within ${timeout} ms`);
  }
}

export async function atPath(page: Page, path: string | RegExp, timeout = 10_000): Promise<void> {
  const matches = (u: URL) =>
    typeof path === 'string' ? u.pathname === path : path.test(u.pathname + u.search);
  try {
    await page.waitForURL(matches, { timeout, waitUntil: 'commit' });
  } catch {
    throw new Error(
      `Expected to be at ${String(path)} within ${timeout} ms, but the page is at ${page.url()}`,
    );
  }
}

/** Polls `read` until `check` holds. */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (v: T) => boolean,
  what: string,
  timeout = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: T | undefined;
  for (;;) {
    last = await read();
    if (check(last)) return last;
    if (Date.now() > deadline)
      throw new Error(`Expected ${what} within ${timeout} ms; last value: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
