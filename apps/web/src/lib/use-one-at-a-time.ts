import { useCallback, useRef, type FormEvent } from 'react';

/**
 * A form's submit handler that runs one send at a time. Two taps on a slow phone both land before React
 * has drawn the button disabled, and a mutation answers only the callbacks of its latest call: the
 * first booking was made, and the screen showed the second one's 'You already have a booking for this
 * ride'. `submit` must settle when its request has (mutateAsync, not mutate).
 */
export function useOneAtATime(submit: (event: FormEvent<HTMLFormElement>) => Promise<unknown>) {
  const running = useRef(false);
  return useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      // A tap ignored still must not submit the form the browser's way.
      event.preventDefault();
      if (running.current) return;
      running.current = true;
      try {
        await submit(event);
      } finally {
        running.current = false;
      }
    },
    [submit],
  );
}
