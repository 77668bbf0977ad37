/**
 * Lets non-React code (the API client) send the user to another screen through the router,
 * without a full page reload. The router registers itself at start.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export function registerNavigate(fn: Navigate): void {
  navigateImpl = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigateImpl(to, options);
}

let reloadImpl: () => void = () => window.location.reload();

/** A full page reload (after deleting an account); replaceable in tests. */
export function reloadPage(): void {
  reloadImpl();
}

export function registerReload(fn: () => void): void {
  reloadImpl = fn;
}
