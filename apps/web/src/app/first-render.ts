import { screenPath } from './router';

/**
 * What the first render does with the HTML the page arrived with:
 * - `hydrate`: it is the screen this visitor gets (built for this path, an address without a query, and
 *   the same kind of visitor), so React attaches to it;
 * - `replace`: it is close enough to stay on view until React's first render replaces it (the same kind of
 *   visitor, but another address: `/find-ride?from=Pune` was built as `/find-ride`, or no screen at all);
 * - `clear`: it was built for the other kind of visitor, and the page's style keeps it hidden
 *   (BOOT_SCRIPT), so it goes before React renders into the root.
 */
export function firstRender(
  root: HTMLElement,
  address: { pathname: string; search: string },
  signedIn: boolean,
): 'hydrate' | 'replace' | 'clear' {
  const built = root.dataset.prerendered;
  if (built === undefined) return 'replace';
  if (root.dataset.session !== (signedIn ? 'in' : 'out')) return 'clear';
  return built === screenPath(address.pathname) && address.search === '' ? 'hydrate' : 'replace';
}
