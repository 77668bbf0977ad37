import { randomBytes, randomInt } from 'node:crypto';
import { baseUrl } from './browser.js';

/** A date in India, `days` from today there (rides are wall-clock times in IST, CONTRACT section 1). */
export function istDate(days = 0): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(Date.now() + days * 86_400_000));
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * The first whole minute at least `leadMs` from now, as an IST date and time (offers take minutes) and as
 * an instant: a ride offered for it can still be booked now and has departed once the instant is past.
 */
export function departingSoon(leadMs: number): { date: string; time: string; at: number } {
  const at = Math.ceil((Date.now() + leadMs) / 60_000) * 60_000;
  const ist = new Date(at + 330 * 60_000).toISOString();
  return { date: ist.slice(0, 10), time: ist.slice(11, 16), at };
}

export interface NewUser {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  location: string;
}

const firstNames = ['Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Meera', 'Kabir', 'Isha'];
const lastNames = ['Sharma', 'Iyer', 'Patel', 'Reddy', 'Gupta', 'Nair', 'Singh', 'Das'];

/** A unique person; no journey depends on another's data. */
export function buildUser(overrides: Partial<NewUser> = {}): NewUser {
  const tag = randomBytes(4).toString('hex');
  return {
    firstName: firstNames[randomInt(firstNames.length)]!,
    lastName: lastNames[randomInt(lastNames.length)]!,
    email: `e2e.${tag}@example.com`,
    phone: `${randomInt(6, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}`,
    password: `Commute-${tag}`,
    location: 'Bengaluru',
    ...overrides,
  };
}

/** A pair of unique place names, so a search finds exactly the ride a journey offered. */
export function buildRoute(): { from: string; to: string } {
  const tag = randomBytes(3).toString('hex');
  return { from: `Koramangala ${tag}`, to: `Whitefield ${tag}` };
}

interface Envelope<T> {
  success: boolean;
  data: T;
  message?: string;
  error?: string | null;
}

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => null)) as Envelope<T> | null;
  if (!res.ok || !json?.success)
    throw new Error(`${method} ${path}: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

export interface ApiSession {
  user: Record<string, unknown> & { id: string; firstName: string; email: string; emailVerified?: boolean };
  token: string;
  refreshToken: string;
}

/** Set-up through the API, for journeys whose subject is not the sign-up screen. */
export const api = {
  register: (u: NewUser) => call<ApiSession>('POST', '/auth/register', u),
  login: (email: string, password: string) => call<ApiSession>('POST', '/auth/login', { email, password }),
  offerRide: (token: string, ride: Record<string, unknown>) =>
    call<{ id: string }>('POST', '/rides/offer', ride, token),
  book: (token: string, rideId: string, seatsRequested = 1) =>
    call<{ id: string; status: string }>(
      'POST',
      `/rides/${rideId}/book`,
      { seatsRequested, pickupLocation: '', dropLocation: '' },
      token,
    ),
  confirm: (token: string, bookingId: string) =>
    call<unknown>('PUT', `/bookings/${bookingId}/confirm`, undefined, token),
};

/** The browser session the web app keeps under the key `user` (specification section 3). */
export function storedSession(s: ApiSession): string {
  return JSON.stringify({
    ...s.user,
    token: s.token,
    refreshToken: s.refreshToken,
    emailVerified: s.user.emailVerified ?? false,
  });
}

/** Context options that start signed in as `s` (local storage of the app's origin). */
export function signedIn(s: ApiSession) {
  return {
    storageState: {
      cookies: [],
      origins: [{ origin: baseUrl(), localStorage: [{ name: 'user', value: storedSession(s) }] }],
    },
  };
}
