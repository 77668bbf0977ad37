import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { firstRender } from './app/first-render';
import { preloadRoute } from './app/router';
import { getSession } from './lib/session';
import './index.css';

const container = document.getElementById('root')!;
const signedIn = getSession() !== null;
const screenReady = preloadRoute(window.location.pathname, signedIn);
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

const mode = firstRender(container, window.location, signedIn);
if (mode === 'hydrate') {
  // The screen is on view already, rendered at build time; hydrating once its code is in attaches to it
  // in one pass, without suspending, and as a transition it yields to the browser every few milliseconds.
  void screenReady.then(() => startTransition(() => void hydrateRoot(container, app)));
} else {
  // The first render waits for the current screen's code, so it shows the screen itself instead of a
  // spinner that React replaces at least 300 ms later; on a slow network it starts after 500 ms with
  // the spinner where the screen will be. As a transition the render yields to the browser every few
  // milliseconds instead of holding the main thread for the whole screen.
  void Promise.race([screenReady, new Promise((resolve) => setTimeout(resolve, 500))]).then(() => {
    if (mode === 'clear') container.replaceChildren();
    delete container.dataset.prerendered;
    delete container.dataset.session;
    const root = createRoot(container);
    startTransition(() => root.render(app));
  });
}
