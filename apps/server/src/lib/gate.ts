/**
 * At most `slots` pieces of work at once; the rest wait their turn, first come first served.
 *
 * A search along the way on SQLite hands the event loop over while it works (lib/turns.ts), so that
 * short requests never wait behind it. Without a gate, every search in progress would then share the
 * thread: under load each one's latency becomes that of all of them together, and all of them hold
 * their candidates in memory at once (32 searches by price: 278 MB against 219 MB, decision 028).
 * Through a gate of one, searches run one after another as before, and other requests still pass
 * between their turns.
 */
export interface Gate {
  run<T>(work: () => Promise<T>): Promise<T>;
}

export function createGate(slots: number): Gate {
  let free = slots;
  const waiting: (() => void)[] = [];
  return {
    async run(work) {
      if (free > 0) free -= 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        // The slot passes straight to the next in line, so a newcomer cannot overtake it.
        const next = waiting.shift();
        if (next) next();
        else free += 1;
      }
    },
  };
}
