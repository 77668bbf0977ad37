import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ConfirmProvider } from '@/components/ui/confirm';
import { ToastHost } from '@/components/ui/toast-host';
import { NavigationBridge } from '@/app/layout/navigation-bridge';
import { createQueryClient } from '@/lib/query-client';
import { setSession, type Session } from '@/lib/session';

export interface RenderOptions {
  route?: string;
  /** Extra routes to land on, e.g. { '/signin': <p>Sign in page</p> }, to assert redirects. */
  routes?: Record<string, ReactElement>;
  path?: string;
}

/** Renders a screen with the app's providers, on a given URL, with a fresh query cache. */
export function renderScreen(ui: ReactElement, { route = '/', routes = {}, path = '*' }: RenderOptions = {}) {
  const client = createQueryClient();
  // The app's own options (query-client.ts), without retries and caching that would slow the tests.
  const app = client.getDefaultOptions();
  client.setDefaultOptions({
    queries: { ...app.queries, retry: false, staleTime: 0 },
    mutations: { ...app.mutations, retry: false },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <NavigationBridge />
        <ConfirmProvider>
          <Routes>
            {Object.entries(routes).map(([p, el]) => (
              <Route key={p} path={p} element={el} />
            ))}
            <Route path={path} element={ui} />
          </Routes>
        </ConfirmProvider>
        <ToastHost />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

export const testSession: Session = {
  id: 'u1',
  firstName: 'Asha',
  lastName: 'Verma',
  name: 'Asha Verma',
  email: 'asha@example.in',
  phone: '9876543210',
  location: 'Pune',
  bio: null,
  profilePictureUrl: null,
  emailVerified: true,
  rating: 4.5,
  ratingCount: 2,
  createdAt: '2026-11-01T00:00:00.000Z',
  gender: null,
  phoneVerified: false,
  contactVisibility: 'EVERYONE',
  token: 'access-token',
  refreshToken: 'refresh-token',
};

export function signIn(overrides: Partial<Session> = {}): Session {
  const s = { ...testSession, ...overrides };
  setSession(s);
  return s;
}

/** A fetch stand-in answering from a table of handlers keyed by "METHOD /api/path". */
export function mockFetch(handlers: Record<string, (req: Request) => Response | Promise<Response>>) {
  const calls: Request[] = [];
  const fn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(new URL(String(input), 'http://localhost'), init);
    calls.push(req);
    const url = new URL(req.url);
    const handler = handlers[`${req.method} ${url.pathname}`];
    if (!handler)
      return new Response(JSON.stringify({ success: false, error: 'unexpected call' }), { status: 500 });
    return handler(req);
  };
  globalThis.fetch = fn as typeof fetch;
  return calls;
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const okEnvelope = (data: unknown, message = 'OK') =>
  json({ success: true, data, message, error: null });
