import { minutesOf, timeMovedBy } from '@/lib/time-of-day';

/**
 * The typed stop times of a commute whose departure moved from `before` to `after`, each as long after
 * the departure as it was. A stop kept at its old time would fall before a later departure, which
 * CONTRACT section 7 reads as the next day (a 24-hour ride). Estimated stops (no time) stay estimated.
 */
export function stopsMovedWith<S extends { time?: string | null | undefined }>(
  stops: readonly S[],
  before: string,
  after: string,
): S[] {
  const shift = (minutesOf(after) ?? 0) - (minutesOf(before) ?? 0);
  return stops.map((s) => {
    const at = minutesOf(s.time);
    return at !== null && shift !== 0 ? { ...s, time: timeMovedBy(at, shift) } : s;
  });
}
