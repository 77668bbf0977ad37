import { useSyncExternalStore } from 'react';
import { SESSION_KEY, type User } from '@saathchalo/shared';

/** The stored browser session (specification section 3): the user's fields plus the tokens. */
export type Session = User & { token: string; refreshToken: string; emailVerified: boolean };

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: Session | null = null;

function readRaw(): string | null {
  try {
    return localStorage.getItem(SESSION_KEY) ?? sessionStorage.getItem(SESSION_KEY);
  } catch {
    return null;
  }
}

export function getSession(): Session | null {
  const raw = readRaw();
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  try {
    const parsed = raw ? (JSON.parse(raw) as Session) : null;
    cached = parsed && typeof parsed === 'object' && typeof parsed.token === 'string' ? parsed : null;
  } catch {
    cached = null;
  }
  return cached;
}

function emit(): void {
  for (const l of listeners) l();
}

export function setSession(session: Session): void {
  localStorage.setItem(SESSION_KEY, JSON.stringify(session));
  emit();
}

/** Merges fields into the stored user (profile edits, e-mail verified, new tokens). */
export function updateSession(patch: Partial<Session>): void {
  const current = getSession();
  if (current) setSession({ ...current, ...patch });
}

export function clearSession(): void {
  localStorage.removeItem(SESSION_KEY);
  sessionStorage.removeItem(SESSION_KEY);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === SESSION_KEY || e.key === null) listener();
  };
  // The build renders screens with no window (app/prerender.tsx); there is no other tab to hear from.
  const browser = typeof window === 'undefined' ? undefined : window;
  browser?.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    browser?.removeEventListener('storage', onStorage);
  };
}

/** Calls the listener whenever the stored session may have changed (this tab or another). */
export const subscribeSession = subscribe;

/**
 * The session a screen is rendered with at build time (app/prerender.tsx): none for a visitor, or a user
 * with no details for the signed-in screens, which show none. Unset in the browser, where the snapshot
 * React hydrates with is the stored session itself: main.tsx hydrates a build-time screen only when it
 * was made for the same kind of visitor.
 */
let buildTimeSession: Session | null | undefined;

/** `undefined` ends it: the snapshot is the stored session again. */
export function renderWithSessionAtBuild(session: Session | null | undefined): void {
  buildTimeSession = session;
}

const serverSnapshot = () => (buildTimeSession === undefined ? getSession() : buildTimeSession);

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, serverSnapshot);
}
