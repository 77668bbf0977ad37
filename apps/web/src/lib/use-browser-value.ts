import { useSyncExternalStore } from 'react';

const unchanging = () => () => undefined;

/**
 * A value only the browser can know, such as today's date: the HTML rendered at build time and the render
 * that hydrates it both get `atBuild`, so they match; React then renders again with `read()`. Outside
 * hydration the first render already has `read()`. `read` must return a primitive.
 */
export function useBrowserValue<T extends string | number | undefined>(read: () => T, atBuild: T): T {
  return useSyncExternalStore(unchanging, read, () => atBuild);
}

/** False on the render that hydrates HTML rendered at build time, true from then on and on any other render. */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
