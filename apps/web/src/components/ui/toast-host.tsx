import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { registerToastHost, showPendingFlash } from '@/lib/notify';

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
      <Toaster position="top-center" richColors closeButton />
      <OnMount done={done} />
    </Suspense>
  );
}
