import { describe, expect, it } from 'vitest';
import { commuteDayOf, returnsNextDay, shiftDays } from './commute-days.js';

describe('commute days of a night shift', () => {
  it('a return earlier than the departure leaves the next morning; a later one the same day', () => {
    expect(returnsNextDay('22:00', '06:00')).toBe(true);
    expect(returnsNextDay('08:30', '18:00')).toBe(false);
    expect(returnsNextDay('08:30', null)).toBe(false);
  });

  it('a morning return belongs to the night before; an outbound or a same-day return to its own date', () => {
    const ride = (direction: 'OUTBOUND' | 'RETURN', departureTime: string) => ({
      direction,
      departureDate: '2026-11-24',
      departureTime,
    });
    expect(commuteDayOf(ride('RETURN', '06:00'), '22:00')).toBe('2026-11-23');
    expect(commuteDayOf(ride('RETURN', '18:00'), '08:30')).toBe('2026-11-24');
    expect(commuteDayOf(ride('OUTBOUND', '22:00'), '22:00')).toBe('2026-11-24');
  });

  it('shifts days by one across the week’s end, in week order', () => {
    expect(shiftDays(['MON', 'TUE', 'WED', 'THU', 'FRI'], 1)).toEqual(['TUE', 'WED', 'THU', 'FRI', 'SAT']);
    expect(shiftDays(['SAT', 'SUN'], 1)).toEqual(['MON', 'SUN']);
    expect(shiftDays(['MON', 'SUN'], -1)).toEqual(['SAT', 'SUN']);
  });
});
