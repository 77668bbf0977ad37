import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { SECTION_7 } from '../../apps/server/src/test/spec-calls.js';
import { useBrowser, viewports } from '../support/browser.js';
import { startApiServer, servePage, type Site } from '../support/cross-origin.js';
import { buildRoute, buildUser, departingSoon, istDate } from '../support/data.js';
import { startMailCapture } from '../support/mail-capture.js';
import { linkIn, waitForMail } from '../support/mailbox.js';
import {
  fetchAsSpecClient,
  need,
  newCallLog,
  recordPreflights,
  signIn,
  signUp,
  SpecClient,
} from '../support/spec-client.js';

const PAGE =
  '<!doctype html><html lang="en"><title>Another site</title><main>The client lives here</main></html>';

const q = encodeURIComponent;
const ids = (list: unknown) => (Array.isArray(list) ? list.map((x: { id: string }) => x.id) : list);
const done = (message: string, status = 200) => ({ status, message });

/** The offer form as the specification's client sends it (section 7). */
const rideForm = (route: { from: string; to: string }, date: string, time: string) => ({
  ...route,
  departureDate: date,
  departureTime: time,
  passengers: 3,
  pricePerSeat: 150,
  carModel: 'Maruti Swift',
  carNumber: 'KA01AB1234',
  additionalInfo: '',
});

// Only the desktop: this journey is about what the browser does with the network, not about layout.
describe('the API called from another origin (CORS_ORIGINS)', () => {
  const browser = useBrowser(viewports[0]!);
  let client: Site;
  let stranger: Site;
  let api: Site;
  let mail: Awaited<ReturnType<typeof startMailCapture>>;
  const mailDir = mkdtempSync(join(tmpdir(), 'saathchalo-e2e-cors-mail-'));
  beforeAll(async () => {
    mail = await startMailCapture(mailDir);
    client = await servePage(PAGE);
    stranger = await servePage(PAGE);
    api = await startApiServer({ CORS_ORIGINS: client.origin, SMTP_URL: `smtp://127.0.0.1:${mail.port}` });
  });
  afterAll(async () => {
    await Promise.all([api?.close(), client?.close(), stranger?.close()]);
    await mail?.close();
    rmSync(mailDir, { recursive: true, force: true });
  });

  test("a permitted site makes every call of the specification's section 7 through real preflights", async () => {
    const page = await browser.newPage();
    await page.goto(`${client.origin}/`);
    const preflighted = await recordPreflights(page);
    const log = newCallLog();
    const person = () => new SpecClient(page, api.origin, log);
    const [driver, passenger, other] = [person(), person(), person()];
    const [driverUser, passengerUser, otherUser] = [buildUser(), buildUser(), buildUser()] as const;

    // Sign up; the driver opens the mailed link (in the signed-in browser: with the bearer) and signs in.
    await signUp(driver, driverUser);
    await signUp(passenger, passengerUser);
    await signUp(other, otherUser);
    const verifyMail = await waitForMail(driverUser.email, /verify/i, 30_000, mailDir);
    const verifyToken = need(linkIn(verifyMail, '/verify-email').searchParams.get('token'), 'a token');
    await driver.call(
      'GET',
      `/auth/verify-email?token=${q(verifyToken)}`,
      done('Email verified successfully'),
    );
    await signIn(driver, driverUser);

    // A ride leaving at the next whole minute at least 10 s away (offer, book and confirm took 0.2 s on the
    // busy 2-core machine: the margin is for a slower CI), booked and confirmed now, completed and rated once
    // it has left, at the end: the journey waits 10 to 70 s for it, running the other calls meanwhile.
    const soon = departingSoon(10_000);
    const offered = done('Ride offered successfully', 201);
    const offer = async (form: ReturnType<typeof rideForm>) =>
      need((await driver.call('POST', '/rides/offer', offered, { body: form }))?.id, 'an offered ride');
    const requested = done('Booking request sent to the driver', 201);
    const book = async (who: SpecClient, rideId: string, seatsRequested: number): Promise<string> => {
      const body = { seatsRequested, pickupLocation: 'Silk Board', dropLocation: 'Tech Park' };
      return need((await who.call('POST', `/rides/${rideId}/book`, requested, { body }))?.id, 'a booking');
    };
    const soonRide = await offer(rideForm(buildRoute(), soon.date, soon.time));
    const soonBooking = await book(passenger, soonRide, 1);
    const confirmed = await driver.call(
      'PUT',
      `/bookings/${soonBooking}/confirm`,
      done('Booking confirmed successfully'),
    );
    expect.soft(confirmed?.status).toBe('CONFIRMED');

    // Tomorrow's rides: found by search, filter and autocomplete, booked, answered, edited, cancelled, deleted.
    const tomorrow = istDate(1);
    const route = buildRoute();
    const rideA = await offer(rideForm(route, tomorrow, '09:00'));
    const rideB = await offer(rideForm(buildRoute(), tomorrow, '18:00'));
    const search = `/rides/search?from=${q(route.from)}&to=${q(route.to)}&date=${tomorrow}&passengers=2`;
    expect.soft(ids(await passenger.call('GET', search, { status: 200 }))).toEqual([rideA]);
    const filter = `/rides/filter?from=${q(route.from)}&to=${q(route.to)}&startDate=${tomorrow}&endDate=${tomorrow}&page=0&size=10`;
    expect.soft(ids(await passenger.call('GET', filter, { status: 200 }))).toEqual([rideA]);
    for (const side of ['from', 'to'] as const) {
      const places = await passenger.call('GET', `/rides/locations/${side}`, { status: 200 });
      expect.soft(places).toEqual(expect.arrayContaining([route[side]]));
    }
    const seen = await passenger.call('GET', `/rides/${rideA}`, { status: 200 });
    expect.soft(seen).toMatchObject({ id: rideA, route, availableSeats: 3 });

    const kept = await book(passenger, rideA, 2);
    const refused = await book(other, rideA, 1);
    const mine = await passenger.call('GET', '/bookings/my-bookings', { status: 200 });
    expect.soft(ids(mine)).toEqual(expect.arrayContaining([soonBooking, kept]));
    const requests = await driver.call('GET', '/bookings/my-ride-bookings', { status: 200 });
    expect.soft(ids(requests)).toEqual(expect.arrayContaining([soonBooking, kept, refused]));
    const cancelled = done('Booking cancelled successfully');
    const rejected = await driver.call('PUT', `/bookings/${refused}/cancel`, cancelled);
    expect.soft(rejected?.status).toBe('CANCELLED');
    await passenger.call('PUT', `/bookings/${kept}/cancel`, cancelled);

    const myRides = await driver.call('GET', '/rides/my-rides', { status: 200 });
    expect.soft(ids(myRides)).toEqual(expect.arrayContaining([soonRide, rideA, rideB]));
    // The edit form may send back the time with seconds, as the specification's own server wrote it.
    const edited = await driver.call('PUT', `/rides/${rideA}/update`, done('Ride updated successfully'), {
      body: {
        ...rideForm(route, tomorrow, '09:30:00'),
        passengers: 4,
        pricePerSeat: 300,
        instantBooking: false,
      },
    });
    expect.soft(edited).toMatchObject({ departureTime: '09:30', totalSeats: 4, pricePerSeat: 300 });
    const status = (id: string, to: string) => `/rides/${id}/status?status=${to}`;
    const changed = done('Ride status updated successfully');
    await driver.call('PUT', status(rideA, 'COMPLETED'), {
      status: 409,
      error: 'Cannot mark future rides as completed',
    });
    await other.call('PUT', status(rideA, 'CANCELLED'), {
      status: 403,
      error: 'You are not authorized to change this ride status',
    });
    await driver.call('PUT', status(rideA, 'CANCELLED'), changed);
    await driver.call('PUT', status(rideA, 'ACTIVE'), changed);
    const withdrawn = await driver.call(
      'DELETE',
      `/rides/${rideA}/cancel`,
      done('Ride cancelled successfully'),
    );
    expect.soft(withdrawn?.status).toBe('CANCELLED');
    await driver.call('DELETE', `/rides/${rideB}`, done('Ride deleted successfully'));

    // Profiles: one's own (a phone typed with the country code is kept as 10 digits), another's (no e-mail).
    const profile = await driver.call('GET', '/users/profile', { status: 200 });
    expect.soft(profile).toMatchObject({ email: driverUser.email, emailVerified: true });
    const saved = await driver.call('PUT', '/users/profile', done('Profile updated successfully'), {
      body: {
        firstName: driverUser.firstName,
        lastName: 'Elsewhere',
        phone: `+91 ${driverUser.phone}`,
        location: 'Bengaluru',
        bio: 'Calls from another site',
      },
    });
    expect.soft(saved).toMatchObject({ lastName: 'Elsewhere', phone: driverUser.phone });
    const publicDriver = await passenger.call('GET', `/users/${driver.id}`, { status: 200 });
    expect.soft(publicDriver).toMatchObject({ id: driver.id, firstName: driverUser.firstName });
    expect.soft(publicDriver).not.toHaveProperty('email');

    // A forgotten password, reset with the query parameters and no body as the client sends them.
    await other.call(
      'POST',
      `/auth/forgot-password?email=${q(otherUser.email)}`,
      done('If an account exists for this email, a password reset link has been sent to it.'),
      { token: null },
    );
    const resetMail = await waitForMail(otherUser.email, /reset/i, 30_000, mailDir);
    const resetToken = need(linkIn(resetMail, '/reset-password').searchParams.get('token'), 'a token');
    const newPassword = 'new-chai-42';
    await other.call(
      'POST',
      `/auth/reset-password?token=${q(resetToken)}&newPassword=${q(newPassword)}`,
      done('Password has been reset successfully. Please sign in with your new password.'),
      { token: null },
    );
    await signIn(other, otherUser, newPassword);

    // The refresh token as bearer gives a new pair; the passenger goes on with it.
    const pair = await passenger.call('POST', '/auth/refresh-token', done('Token refreshed'), {
      token: passenger.refreshToken,
    });
    passenger.token = need(pair?.token, 'a refreshed token');
    passenger.refreshToken = pair.refreshToken ?? passenger.refreshToken;

    // Once the ride has left: complete it, rate both ways, read the ratings, the driver's statistics.
    await new Promise((r) => setTimeout(r, Math.max(0, soon.at + 500 - Date.now())));
    const completed = await driver.call('PUT', status(soonRide, 'COMPLETED'), changed);
    expect.soft(completed?.status).toBe('COMPLETED');
    const rated = done('Rating submitted successfully', 201);
    await passenger.call('POST', '/ratings', rated, {
      body: { rating: 5, comment: 'On time', rideId: soonRide, rateeId: driver.id },
    });
    await driver.call('POST', '/ratings', rated, {
      body: { rating: 4, comment: '', rideId: soonRide, rateeId: passenger.id },
    });
    const received = await passenger.call('GET', `/ratings/user/${driver.id}`, { status: 200 });
    expect.soft(received).toMatchObject([{ rating: 5, comment: 'On time', rater: { id: passenger.id } }]);
    const recent = await passenger.call('GET', `/ratings/user/${driver.id}/recent?limit=5`, { status: 200 });
    expect.soft(ids(recent)).toEqual(ids(received));
    const stats = await driver.call(
      'POST',
      `/ratings/user/${driver.id}/update-stats`,
      done('Rating statistics updated'),
    );
    expect.soft(stats).toEqual({ userId: driver.id, rating: 5, ratingCount: 1 });

    // Signing out ends the session (a call with its token is refused before its body is looked at);
    // deleting the account ends sign-in.
    await passenger.call('POST', '/auth/logout', done('Logged out successfully'));
    await passenger.call('GET', '/bookings/my-bookings', { status: 401 });
    await passenger.call('PUT', '/users/profile', { status: 401 }, { body: { phone: 'not a phone' } });
    await other.call('DELETE', '/users/profile', done('Account deleted successfully'));
    await other.call(
      'POST',
      '/auth/login',
      { status: 401, error: 'Invalid email or password' },
      { token: null, body: { email: otherUser.email, password: newPassword } },
    );

    expect([...new Set(log.names.filter((c) => SECTION_7.includes(c)))].sort()).toEqual(
      [...SECTION_7].sort(),
    );
    expect([...log.urls].filter((url) => !preflighted.has(url))).toEqual([]);
  }, 150_000); // the ride that gets rated leaves 10 to 70 s after it is offered

  test("a permitted site shows a user's profile picture in an <img> (the picture's CORP is cross-origin)", async () => {
    const user = buildUser();
    const registered = await fetch(`${api.origin}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(user),
    }).then((r) => r.json());
    const form = new FormData();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0a7' } })
      .png()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const uploaded = await fetch(`${api.origin}/api/users/profile/picture`, {
      method: 'POST',
      headers: { authorization: `Bearer ${registered.data.token}` },
      body: form,
    }).then((r) => r.json());
    const src = `${api.origin}${need(uploaded.data?.profilePictureUrl, 'a picture URL')}`;
    const page = await browser.newPage();
    await page.goto(`${client.origin}/`);
    const shown = await page.evaluate(
      (url) =>
        new Promise<number | string>((done) => {
          const img = document.createElement('img');
          img.onload = () => done(img.naturalWidth);
          img.onerror = () => done('not shown');
          img.src = url;
          document.body.append(img);
        }),
      src,
    );
    expect(shown).toBe(256);
  });

  test('a site that is not permitted is stopped by the browser', async () => {
    const page = await browser.newPage();
    await page.goto(`${stranger.origin}/`);
    const answer = await fetchAsSpecClient(page, {
      url: `${api.origin}/api/auth/register`,
      method: 'POST',
      token: null,
      body: buildUser(),
    });
    expect(answer).toEqual({ status: null, type: null, body: null, failure: 'TypeError: Failed to fetch' });
  });
});
