/**
 * Success and failure messages as accessible toasts (CONTRACT section 6) instead of window.alert.
 * The toast library loads with the first message, not with the first view.
 */
type Kind = 'success' | 'error' | 'info';

let ensureHost: () => Promise<void> = async () => {};

export function registerToastHost(fn: () => Promise<void>): void {
  ensureHost = fn;
}

async function show(kind: Kind, message: string): Promise<void> {
  const [{ toast }] = await Promise.all([import('sonner'), ensureHost()]);
  if (kind === 'info') toast(message);
  else toast[kind](message);
}

export const notify = {
  success: (message: string) => void show('success', message),
  error: (message: string) => void show('error', message),
  info: (message: string) => void show('info', message),
};
