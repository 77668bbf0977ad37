import { notify } from '@/lib/notify';

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
