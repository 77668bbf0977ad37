import { lazy, Suspense, useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { registerToastHost, showPendingFlash } from '@/lib/notify';

// Sonner's rich colours sit just under 4.5:1 against their backgrounds; these darker texts pass WCAG AA.
const contrast = {
  '--success-text': '#166534',
  '--error-text': '#b91c1c',
  '--info-text': '#1d4ed8',
  '--warning-text': '#92400e',
} as CSSProperties;

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

function OnMount({ done }: { done(): void }) {
  useEffect(done, [done]);
  return null;
}

/** Mounts the toaster the first time a message is shown, and waits until it listens. */
export function ToastHost() {
  const [on, setOn] = useState(false);
  const mounted = useRef(false);
  const waiting = useRef<Array<() => void>>([]);

  useEffect(() => {
    registerToastHost(
      () =>
        new Promise<void>((resolve) => {
          if (mounted.current) return resolve();
          waiting.current.push(resolve);
          setOn(true);
        }),
    );
    showPendingFlash();
  }, []);

  const done = useCallback(() => {
    mounted.current = true;
    for (const resolve of waiting.current.splice(0)) resolve();
  }, []);

  if (!on) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-center" richColors closeButton style={contrast} />
      <OnMount done={done} />
    </Suspense>
  );
}
