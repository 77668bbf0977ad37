import { notify } from '@/lib/notify';
import { useBusyIds } from '@/lib/use-busy-ids';

/** Where an action's outcome is told: a failure goes to the screen's banner, a success clears it. */
export interface ActionReport {
  report(message: string): void;
  clearReport(): void;
}

/** Runs a confirmed action: the server's success text (or the screen's), or the screen's error text. */
export async function runAction<A>(
  { report, clearReport }: ActionReport,
  mutate: (arg: A) => Promise<{ message: string }>,
  arg: A,
  success: string,
  failure: (err: unknown) => string,
): Promise<void> {
  try {
    const res = await mutate(arg);
    clearReport();
    notify.success(res.message || success);
  } catch (err) {
    report(failure(err));
  }
}

/**
 * runAction for the items of a list: each item stays busy (its buttons wait) until its own call has
 * ended, whatever else is on its way (use-busy-ids.ts).
 */
export function useItemActions(out: ActionReport) {
  const { isBusy, during } = useBusyIds();
  const run = <A>(
    id: string,
    mutate: (arg: A) => Promise<{ message: string }>,
    arg: A,
    success: string,
    failure: (err: unknown) => string,
  ) => during(id, () => runAction(out, mutate, arg, success, failure));
  return { isBusy, run };
}
