/**
 * The build renders these screens to HTML (build/prerender.ts), so that on a slow network a first visit
 * shows the screen while its JavaScript is still on the way; main.tsx then hydrates it. Only screens that
 * look the same for every visitor of their kind qualify: nothing from the network, the address's query or
 * the user's details. `/find-ride` is the signed-in one: its search form is the same for every user.
 * Their controls are links (which work before the app) or forms that wait for it (components/ui/form.tsx);
 * `/help` is left out, as its tabs and search would ignore a tap until then.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { paths } from '@/config/paths';
import { renderWithSessionAtBuild, type Session } from '@/lib/session';
import { AppContent } from './app';
import { preloadRoute } from './router';

export type PrerenderedScreen = { path: string; signedIn: boolean };

export const prerenderedScreens: readonly PrerenderedScreen[] = [
  { path: paths.home, signedIn: false },
  { path: paths.signIn, signedIn: false },
  { path: paths.signUp, signedIn: false },
  { path: paths.join, signedIn: false },
  { path: paths.forgotPassword, signedIn: false },
  { path: paths.howItWorks, signedIn: false },
  { path: paths.safety, signedIn: false },
  { path: paths.findRide, signedIn: true },
];

// A signed-in user without details: the screens above show whether someone is signed in, never who.
const someUser = { token: '', refreshToken: '', emailVerified: true } as Session;

/**
 * The HTML of the app at `path` for a visitor or a signed-in user, with the screen's code loaded first.
 * Anything that throws or suspends fails the build: React would otherwise write the Suspense fallback
 * (marked `<!--$!-->`), the browser would replace it with an error in the console, and the screen would
 * not show before its code. (renderToString, not react-dom/static's prerender, which leaves the last
 * context values behind in the process: the hydration test runs both in one.)
 */
export async function renderScreen({ path, signedIn }: PrerenderedScreen): Promise<string> {
  renderWithSessionAtBuild(signedIn ? someUser : null);
  try {
    await preloadRoute(path, signedIn);
    const html = renderToString(
      <StrictMode>
        <StaticRouter location={path}>
          <AppContent />
        </StaticRouter>
      </StrictMode>,
    );
    if (html.includes('<!--$!-->')) {
      throw new Error(`rendering ${path} at build time fell back to the client: something threw or suspended`);
    }
    return html;
  } finally {
    renderWithSessionAtBuild(undefined);
  }
}
