import { istDate, istToUtcMs } from '@saathchalo/shared';

/** The application's only source of time, so tests can move it. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests can set and advance. */
export class FixedClock implements Clock {
  constructor(private ms: number) {}
  now(): number {
    return this.ms;
  }
  set(ms: number | string): void {
    this.ms = typeof ms === 'string' ? Date.parse(ms) : ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
}

export const todayIst = (clock: Clock): string => istDate(clock.now());

export const hasDeparted = (clock: Clock, date: string, time: string): boolean =>
  istToUtcMs(date, time) <= clock.now();

export const isoOf = (ms: number): string => new Date(ms).toISOString();
