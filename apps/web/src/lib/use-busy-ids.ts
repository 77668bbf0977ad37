import { useCallback, useState } from 'react';

/**
 * The ids whose calls are still on their way. A mutation remembers only its latest call, so on a slow
 * network a second item's action freed the first item's buttons while its answer was still coming, and
 * a tap on them sent the same request again. Each item here stays busy until its own call has ended.
 */
export function useBusyIds() {
  const [busy, setBusy] = useState<ReadonlyMap<string, number>>(() => new Map());

  const change = useCallback((id: string, by: 1 | -1) => {
    setBusy((prev) => {
      const next = new Map(prev);
      const count = (next.get(id) ?? 0) + by;
      if (count > 0) next.set(id, count);
      else next.delete(id);
      return next;
    });
  }, []);

  /** Marks `id` busy while `work` runs. */
  const during = useCallback(
    async <T>(id: string, work: () => Promise<T>): Promise<T> => {
      change(id, 1);
      try {
        return await work();
      } finally {
        change(id, -1);
      }
    },
    [change],
  );

  return { isBusy: (id: string) => busy.has(id), during };
}
