import { describe, expect, test } from 'vitest';
import { baseUrl } from '../support/browser.js';

/**
 * The journeys are to meet the app as its users get it. Built by the run itself under Vitest, which sets
 * NODE_ENV=test, the web app bundled React's development build: 145 KB gzip of entry instead of 90, with
 * React's development checks and StrictMode's second run of every effect, which neither a user nor CI
 * (built before the run, E2E_SKIP_BUILD=1) meets, and apps/web/dist was left so for whatever served it
 * next. React's production build names its errors by number, 'Minified React error'; its development
 * build spells them out.
 */
describe('the app the journeys run against', () => {
  test('is the production build of the web app', async () => {
    // A screen not rendered at build time is answered with index.html, which names the entry script.
    const html = await (await fetch(`${baseUrl()}/dashboard`)).text();
    const entry = /<script[^>]*type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
    expect(entry, 'the entry script in index.html').toBeTruthy();
    const js = await (await fetch(new URL(entry!, baseUrl()))).text();
    expect(js.includes('Minified React error'), "React's production build in the entry").toBe(true);
  });
});
