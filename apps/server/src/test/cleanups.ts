import { afterEach } from 'vitest';

/**
 * What a test opened (apps, SMTP servers, workers) is closed after it, last opened first, whatever its
 * outcome, so a failing test does not leave a port or a database behind for the next one.
 */
export function closedAfterEach() {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });
  const track = <T extends { close(): Promise<void> }>(x: T): T => {
    cleanups.push(() => x.close());
    return x;
  };
  return { track, cleanups };
}
