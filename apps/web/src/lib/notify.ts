/**
 * Success and failure messages as accessible toasts (CONTRACT section 6) instead of window.alert.
 * The toast library loads with the first message, not with the first view.
 */
type Kind = 'success' | 'error' | 'info';

const FLASH_KEY = 'flash';

let ensureHost: () => Promise<void> = async () => {};

export function registerToastHost(fn: () => Promise<void>): void {
  ensureHost = fn;
}

async function show(kind: Kind, message: string): Promise<void> {
  let toast: typeof import('sonner').toast;
  try {
    ({ toast } = await import('sonner'));
  } catch {
    // Offline before the first message: no toast, the screen's own banner says it. The host mounts
    // only once the code is in: mounted without it, it took the whole app down, a blank page.
    return;
  }
  await ensureHost();
  if (kind === 'info') toast(message);
  else toast[kind](message);
}

export const notify = {
  success: (message: string) => void show('success', message),
  error: (message: string) => void show('error', message),
  info: (message: string) => void show('info', message),
  /** A success message that survives a full page reload (shown by the toast host on the next start). */
  afterReload: (message: string) => {
    try {
      sessionStorage.setItem(FLASH_KEY, message);
    } catch {
      void show('success', message);
    }
  },
};

/** Shows (once) a message left by notify.afterReload before the page was reloaded. */
export function showPendingFlash(): void {
  try {
    const message = sessionStorage.getItem(FLASH_KEY);
    if (!message) return;
    sessionStorage.removeItem(FLASH_KEY);
    void show('success', message);
  } catch {
    // storage unavailable: nothing was left
  }
}
