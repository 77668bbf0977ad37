import { IST_OFFSET_MINUTES } from './constants.js';

const OFFSET_MS = IST_OFFSET_MINUTES * 60_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** India has no daylight saving, so IST is a fixed UTC+05:30 and plain arithmetic is exact. */
export function istDate(nowMs: number): string {
  return new Date(nowMs + OFFSET_MS).toISOString().slice(0, 10);
}

export function istTime(nowMs: number): string {
  return new Date(nowMs + OFFSET_MS).toISOString().slice(11, 16);
}

export function isValidDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

export function isValidTime(value: string): boolean {
  return TIME_RE.test(value);
}

const TIME_WITH_SECONDS_RE = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;

/** `HH:mm`, or `HH:mm:ss` as the specification's own server sent it, read as `HH:mm`; null if neither. */
export function timeOfDay(value: string): string | null {
  return TIME_WITH_SECONDS_RE.test(value) ? value.slice(0, 5) : null;
}

/** The UTC instant (ms) of an IST wall-clock date and time. */
export function istToUtcMs(date: string, time: string): number {
  return Date.parse(`${date}T${time}:00.000Z`) - OFFSET_MS;
}

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
