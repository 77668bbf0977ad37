const DAY = 24 * 60;

/** Minutes after midnight of an "HH:mm" time; null for anything else (an empty or half-typed field). */
export function minutesOf(time: unknown): number | null {
  const m = typeof time === 'string' ? /^(\d{2}):(\d{2})$/.exec(time) : null;
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/**
 * The "HH:mm" `shift` minutes after `minutes` (after midnight), on a 24-hour clock: past midnight it starts again, as a stop
 * reached the next day is written (CONTRACT section 7).
 */
export function timeMovedBy(minutes: number, shift: number): string {
  const m = (((minutes + shift) % DAY) + DAY) % DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}
