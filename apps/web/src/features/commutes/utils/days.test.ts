import { describe, expect, it } from 'vitest';
import { commuteLabel, formatDays, weekdayOf } from './days';

describe('commute days', () => {
  it('writes a run of three or more days as a range and the rest one by one, in week order', () => {
    expect(formatDays(['FRI', 'MON', 'TUE', 'WED', 'THU'])).toBe('Mon–Fri');
    expect(formatDays(['MON', 'WED', 'FRI'])).toBe('Mon, Wed, Fri');
    expect(formatDays(['SAT', 'SUN'])).toBe('Sat, Sun');
    expect(formatDays(['MON', 'TUE', 'WED', 'SAT'])).toBe('Mon–Wed, Sat');
    expect(commuteLabel(['MON', 'TUE', 'WED', 'THU', 'FRI'], '08:30')).toBe('Mon–Fri, 08:30');
  });

  it('names the weekday of a calendar date', () => {
    expect(weekdayOf('2026-11-26')).toBe('THU');
    expect(weekdayOf('2026-11-29')).toBe('SUN');
    expect(weekdayOf('2026-11-30')).toBe('MON');
  });
});
