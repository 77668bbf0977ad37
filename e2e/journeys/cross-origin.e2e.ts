import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser, viewports } from '../support/browser.js';
import { startApiServer, servePage, type Site } from '../support/cross-origin.js';
import { buildUser, istDate } from '../support/data.js';

const PAGE =
  '<!doctype html><html lang="en"><title>Another site</title><main>The client lives here</main></html>';

interface Outcome {
  call: string;
  status: number | null;
  success: boolean | null;
  failure: string | null;
}

/**
 * Run inside the page: the specification's client's calls through fetch, each with
 * `Content-Type: application/json` (also without a body) and the bearer token once there is one,
 * so Chromium sends a real preflight before every one of them.
 */
async function clientCalls(page: Page, api: string, user: ReturnType<typeof buildUser>, date: string) {
  return page.evaluate(
    async ({ api, user, date }) => {
      const outcomes: Outcome[] = [];
      let token: string | null = null;
      async function call(method: string, path: string, body?: unknown) {
        const call = `${method} ${path.replace(/[0-9a-f-]{36}/, '{id}')}`;
        try {
          const res = await fetch(`${api}/api${path}`, {
            method,
            headers: {
              'Content-Type': 'application/json',
              ...(token ? { Authorization: `Bearer ${token}` } : {}),
            },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
          const json = await res.json();
          outcomes.push({ call, status: res.status, success: json.success, failure: json.error });
          return json.data;
        } catch (err) {
          outcomes.push({ call, status: null, success: null, failure: String(err) });
          return null;
        }
      }
      const session = await call('POST', '/auth/register', user);
      token = session?.token ?? null;
      const ride = await call('POST', '/rides/offer', {
        from: 'Indiranagar',
        to: 'Electronic City',
        departureDate: date,
        departureTime: '18:30',
        passengers: 3,
        pricePerSeat: 120,
        carModel: 'Hyundai i20',
        carNumber: 'KA03MN4321',
        additionalInfo: '',
      });
      await call('PUT', '/users/profile', {
        firstName: user.firstName,
        lastName: 'Elsewhere',
        phone: user.phone,
        location: 'Bengaluru',
        bio: 'Calls from another site',
      });
      await call('PUT', `/rides/${ride?.id}/status?status=CANCELLED`);
      await call('DELETE', `/rides/${ride?.id}`);
      await call('DELETE', '/users/profile');
      return outcomes;
    },
    { api, user, date },
  );
}

// Only the desktop: this journey is about what the browser does with the network, not about layout.
describe('the API called from another origin (CORS_ORIGINS)', () => {
  const browser = useBrowser(viewports[0]!);
  let client: Site;
  let stranger: Site;
  let api: Site;
  beforeAll(async () => {
    client = await servePage(PAGE);
    stranger = await servePage(PAGE);
    api = await startApiServer({ CORS_ORIGINS: client.origin });
  });
  afterAll(async () => {
    await Promise.all([api?.close(), client?.close(), stranger?.close()]);
  });

  test('a permitted site gets through the preflight of every POST, PUT and DELETE with JSON and a bearer', async () => {
    const page = await browser.newPage();
    await page.goto(`${client.origin}/`);
    const outcomes = await clientCalls(page, api.origin, buildUser(), istDate(1));
    const ok = (call: string, status: number) => ({ call, status, success: true, failure: null });
    expect(outcomes).toEqual([
      ok('POST /auth/register', 201),
      ok('POST /rides/offer', 201),
      ok('PUT /users/profile', 200),
      ok('PUT /rides/{id}/status?status=CANCELLED', 200),
      ok('DELETE /rides/{id}', 200),
      ok('DELETE /users/profile', 200),
    ]);
  });

  test('a site that is not permitted is stopped by the browser', async () => {
    const page = await browser.newPage();
    await page.goto(`${stranger.origin}/`);
    const outcomes = await clientCalls(page, api.origin, buildUser(), istDate(1));
    expect(outcomes[0]).toEqual({
      call: 'POST /auth/register',
      status: null,
      success: null,
      failure: 'TypeError: Failed to fetch',
    });
  });
});
