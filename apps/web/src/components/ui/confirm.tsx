import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

import type { ConfirmOptions } from './confirm-options';
import { NetworkNotice } from './network-notice';

export type { ConfirmOptions };

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);
interface NetworkNotice {
  show(): void;
  hide(): void;
}
const NetworkNoticeContext = createContext<NetworkNotice | null>(null);
// The dialog code loads with the first prompt, not with the first view.
const loadDialog = () => import('./confirm-dialog');
const ConfirmDialog = lazy(loadDialog);

/** In-app confirmation prompts (CONTRACT section 6) instead of window.confirm. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const [used, setUsed] = useState(false);
  const [unreachable, setUnreachable] = useState(false);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>(async (next) => {
    resolver.current?.(false);
    resolver.current = null;
    // Rendered before its code was in, a prompt whose code failed to arrive (offline) took the whole app
    // down with it, a blank page. Its code comes first; without it, nothing is done and the user is told.
    try {
      await loadDialog();
    } catch {
      setUnreachable(true);
      return false;
    }
    setUnreachable(false);
    setUsed(true);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const networkNotice = useMemo<NetworkNotice>(
    () => ({ show: () => setUnreachable(true), hide: () => setUnreachable(false) }),
    [],
  );

  const close = useCallback((ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setOptions(null);
  }, []);

  return (
    <ConfirmContext.Provider value={confirm}>
      <NetworkNoticeContext.Provider value={networkNotice}>{children}</NetworkNoticeContext.Provider>
      {used ? (
        <Suspense fallback={null}>
          <ConfirmDialog options={options} onClose={close} />
        </Suspense>
      ) : null}
      {unreachable ? <NetworkNotice onClose={() => setUnreachable(false)} /> : null}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm needs a ConfirmProvider');
  return confirm;
}

/**
 * Shows the network message where a dialog's code did not arrive (offline), as a prompt's does: a screen
 * opens its dialog once the code is in, and shows this when it cannot come.
 */
export function useNetworkNotice(): NetworkNotice {
  const notice = useContext(NetworkNoticeContext);
  if (!notice) throw new Error('useNetworkNotice needs a ConfirmProvider');
  return notice;
}
