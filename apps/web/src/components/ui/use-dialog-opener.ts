import { useCallback, useState } from 'react';
import { useNetworkNotice } from './confirm';

/**
 * A dialog whose code comes with its first tap, opened once that code is in. Rendered before it was in, a
 * load that failed (offline, a train in a tunnel) went to the route's error boundary: 'Something went
 * wrong' over the whole screen, whose Try again reloads the page, and offline not even the app comes back.
 * Without its code the screen stays, the network message shows, and a tap once online opens the dialog.
 * `load` fetches the code of the dialog that `next` asks for.
 */
export function useDialogOpener<T>(load: (next: T) => Promise<unknown>) {
  const [value, setValue] = useState<T | null>(null);
  const notice = useNetworkNotice();
  const open = useCallback(
    (next: T) =>
      load(next).then(() => {
        notice.hide();
        setValue(() => next);
      }, notice.show),
    [load, notice],
  );
  const close = useCallback(() => setValue(null), []);
  return { value, open, close };
}
