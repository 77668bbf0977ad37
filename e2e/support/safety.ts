import { baseUrl } from './browser.js';
import type { ApiSession } from './data.js';

/** Set-up calls of section 9 through the API, for journeys whose subject is elsewhere. */
async function call<T>(
  origin: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${origin}/api${path}`, {
    method,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => null)) as { success?: boolean; data: T } | null;
  if (!res.ok || !json?.success)
    throw new Error(`${method} ${path}: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Sets the user's (private) gender with the rest of their profile as it is; answers the stored session's user. */
export async function setGender(
  s: ApiSession,
  gender: 'FEMALE' | 'MALE',
  origin = baseUrl(),
): Promise<ApiSession> {
  const u = s.user as Record<string, unknown>;
  const user = await call<ApiSession['user']>(origin, 'PUT', '/users/profile', s.token, {
    firstName: u.firstName,
    lastName: u.lastName || null,
    phone: u.phone,
    location: u.location || null,
    bio: u.bio ?? null,
    gender,
  });
  return { ...s, user };
}

/** The last 6-digit code texted to `phone` (its last 10 digits) that the server wrote to its log (no SMS_URL). */
export function codeFromLog(log: string, phone: string): string | null {
  const texts = log
    .split('\n')
    .map((line) => {
      try {
        return JSON.parse(line) as { msg?: string; to?: string };
      } catch {
        return null;
      }
    })
    .filter((e) => e?.msg?.startsWith('sms (SMS_URL unset') && e.to?.endsWith(phone.slice(-10)));
  const text = texts.at(-1)?.msg?.replace(/^sms \(SMS_URL unset, not sent\):/, '') ?? '';
  return /\b(\d{6})\b/.exec(text)?.[1] ?? null;
}

/** Signs a new user up on another server under test (startApiServer). */
export async function registerAt(origin: string, u: Record<string, unknown>): Promise<ApiSession> {
  const res = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(u),
  });
  const json = (await res.json()) as { success?: boolean; data: ApiSession };
  if (!res.ok || !json.success)
    throw new Error(`register on ${origin}: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/** Context options that start signed in as `s` on `origin` (its local storage). */
export function signedInAt(origin: string, s: ApiSession) {
  const value = JSON.stringify({ ...s.user, token: s.token, refreshToken: s.refreshToken });
  return {
    baseURL: origin,
    storageState: { cookies: [], origins: [{ origin, localStorage: [{ name: 'user', value }] }] },
  };
}
