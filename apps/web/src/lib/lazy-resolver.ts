import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { NETWORK_ERROR } from '@saathchalo/shared';

export interface LazyResolver<TIn extends FieldValues, TOut> {
  resolver: Resolver<TIn, unknown, TOut>;
  /** Starts loading the validation (idempotent): call it when the visitor starts on the form. */
  preload(): void;
}

/**
 * A react-hook-form resolver whose validation code loads on first use instead of with the screen.
 * The forms validate with the shared zod schemas; building them and zod itself at import was most of
 * the main-thread work after the first paint of a form screen (about 150 ms at 4x CPU slowdown on
 * Find a Ride, bench/FINDINGS.md). `load` imports a module that builds the real resolver; the form
 * calls `preload` on its first focus or pointer press, so the module is normally there by submit.
 * Until then the resolver simply waits for it (react-hook-form accepts an async resolver).
 */
export function lazyResolver<TIn extends FieldValues, TOut>(
  load: () => Promise<Resolver<TIn, unknown, TOut>>,
): LazyResolver<TIn, TOut> {
  let loading: Promise<Resolver<TIn, unknown, TOut>> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // a failed load (offline) is tried again on the next validation
      throw error;
    });
    return loading;
  };
  return {
    resolver: async (values, context, options) => {
      let resolve: Resolver<TIn, unknown, TOut>;
      try {
        resolve = await get();
      } catch {
        // Offline before the checks came: a thrown resolver left the tap doing nothing at all. The form's
        // root error says why instead (screens show errors.root), and the next tap loads them again.
        const errors = { root: { type: 'network', message: NETWORK_ERROR } } as FieldErrors<TIn>;
        return { values: {}, errors };
      }
      return resolve(values, context, options);
    },
    preload() {
      get().catch(() => undefined); // reported when a validation needs it
    },
  };
}
