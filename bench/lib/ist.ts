/** India Standard Time is UTC+05:30 all year (no daylight saving), so plain arithmetic is exact. */
export const IST_OFFSET_MS = 330 * 60_000;
export const DAY_MS = 86_400_000;

/** YYYY-MM-DD in IST of an instant. */
export function istDateOf(ms: number): string {
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The date `days` after an IST date. */
export function addDaysIst(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** UTC epoch ms of an IST wall-clock date and HH:mm. */
export function istToUtc(date: string, time: string): number {
  return Date.parse(`${date}T${time}:00Z`) - IST_OFFSET_MS;
}
