import { lazy, Suspense, useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { registerToastHost, showPendingFlash } from '@/lib/notify';

// Sonner's rich colours sit just under 4.5:1 against their backgrounds; these darker texts pass WCAG AA.
const contrast = {
  '--success-text': '#166534',
  '--error-text': '#b91c1c',
  '--info-text': '#1d4ed8',
  '--warning-text': '#92400e',
} as CSSProperties;

/**
 * Sonner's Close is a 20 px circle over the toast's corner, under the 24 px a thumb needs (WCAG 2.2 target
 * size). It sits at the toast's end instead, 44 px square: its negative margins keep a one-line toast as
 * tall as before. Sonner's own styles are not in a layer, so these win only with `!`.
 */
const closeButton =
  'static! order-last -my-3 -mr-2 size-11! shrink-0 transform-none! rounded-full border-0! bg-transparent! hover:bg-black/5! [&>svg]:size-4';

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
      <Toaster
        position="top-center"
        richColors
        closeButton
        style={contrast}
        toastOptions={{ classNames: { closeButton } }}
      />
      <OnMount done={done} />
    </Suspense>
  );
}
