import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadRoute } from './app/router';
import { getSession } from './lib/session';
import './index.css';

// The first render waits for the current screen's code, so it shows the screen itself instead of a
// spinner that React replaces at least 300 ms later; on a slow network it starts after 500 ms with
// the spinner where the screen will be. As a transition the render yields to the browser every few
// milliseconds instead of holding the main thread for the whole screen.
const screenReady = preloadRoute(window.location.pathname, getSession() !== null);
void Promise.race([screenReady, new Promise((resolve) => setTimeout(resolve, 500))]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
