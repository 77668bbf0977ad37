import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '@/test/render';
import { App } from './app';
import { prerenderedScreens, renderScreen } from './prerender';
import { preloadRoute } from './router';

// React's act() outside Testing Library's render, which would set this itself.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let container: HTMLElement | undefined;

afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = container = undefined;
  vi.restoreAllMocks();
});

/** As main.tsx does: the screen's code first, then hydrateRoot on the HTML the build wrote. */
async function hydrate(html: string, path: string, signedIn: boolean) {
  window.history.replaceState(null, '', path);
  container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const problems: unknown[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void problems.push(args));
  await preloadRoute(path, signedIn);
  await act(async () => {
    root = hydrateRoot(
      container!,
      <StrictMode>
        <App />
      </StrictMode>,
      { onRecoverableError: (error) => void problems.push(error) },
    );
  });
  return { container, problems };
}

describe('screens rendered at build time', () => {
  it.each(prerenderedScreens)(
    '$path (signed in: $signedIn) hydrates onto the same elements, without a mismatch',
    async ({ path, signedIn }) => {
      const html = await renderScreen({ path, signedIn });
      if (signedIn) signIn();
      const heading = /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1];
      expect(heading).toBeTruthy();

      const { container, problems } = await hydrate(html, path, signedIn);
      const h1 = container.querySelector('h1');
      expect(problems.map((p) => String(Array.isArray(p) ? p.join(' ') : p).slice(0, 400))).toEqual([]);
      expect(h1?.textContent).toBe(heading);
      // the element the build wrote, kept by hydration rather than replaced
      expect(container.querySelector('h1')).toBe(h1);
    },
  );

  it('keeps the form disabled until hydrated, so nothing typed is lost and Enter cannot submit it natively', async () => {
    const html = await renderScreen({ path: '/signin', signedIn: false });
    expect(html).toContain('<fieldset disabled=""');
    const { container } = await hydrate(html, '/signin', false);
    const fieldset = container.querySelector('fieldset')!;
    expect(fieldset.disabled).toBe(false);
    expect(container.querySelector<HTMLInputElement>('input[type="email"]')?.disabled).toBe(false);
  });

  it("renders what only the browser knows (this year, today's date) after hydrating", async () => {
    const html = await renderScreen({ path: '/find-ride', signedIn: true });
    expect(html).toContain('© SaathChalo');
    expect(html).not.toMatch(/type="date"[^>]*min=/);
    signIn();
    const { container } = await hydrate(html, '/find-ride', true);
    expect(container.textContent).toContain(`© ${new Date().getFullYear()} SaathChalo`);
    expect(container.querySelector('input[type="date"]')?.getAttribute('min')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('cannot hydrate a screen built for a visitor in a signed-in browser, which is why main.tsx clears it', async () => {
    const html = await renderScreen({ path: '/', signedIn: false });
    signIn();
    const { problems } = await hydrate(html, '/', true);
    expect(problems.length).toBeGreaterThan(0);
  });
});
