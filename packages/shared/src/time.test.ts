import { describe, expect, it } from 'vitest';
import { addDays, istDate, istTime, istToUtcMs, isValidDate, isValidTime } from './time.js';

describe('IST time helpers', () => {
  it('gives the Indian date even when UTC is still on the previous day', () => {
    // 20:00 UTC on the 21st is 01:30 IST on the 22nd.
    const ms = Date.parse('2026-11-21T20:00:00Z');
    expect(istDate(ms)).toBe('2026-11-22');
    expect(istTime(ms)).toBe('01:30');
  });

  it('turns an IST wall-clock date and time into the UTC instant', () => {
    expect(new Date(istToUtcMs('2026-11-22', '10:00')).toISOString()).toBe('2026-11-22T04:30:00.000Z');
  });

  it('accepts only real calendar dates and 24-hour times', () => {
    expect(isValidDate('2026-02-28')).toBe(true);
    expect(isValidDate('2026-02-30')).toBe(false);
    expect(isValidDate('22-11-2026')).toBe(false);
    expect(isValidTime('23:59')).toBe(true);
    expect(isValidTime('24:00')).toBe(false);
    expect(isValidTime('9:00')).toBe(false);
  });

  it('adds days across month ends', () => {
    expect(addDays('2026-11-30', 1)).toBe('2026-12-01');
  });
});
