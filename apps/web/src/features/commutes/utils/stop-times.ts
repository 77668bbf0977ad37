const DAY_MINUTES = 24 * 60;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) => {
  const m = ((minutes % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
};

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
  const shift = minutesOf(after) - minutesOf(before);
  return stops.map((s) => (s.time && shift !== 0 ? { ...s, time: timeOf(minutesOf(s.time) + shift) } : s));
}
