import { describe, expect, it } from 'vitest';
import { timeOfDay } from './time.js';

describe('a departure time', () => {
  it("is read as HH:mm when it comes with seconds, as the specification's own server sent it", () => {
    expect(timeOfDay('09:30:00')).toBe('09:30');
    expect(timeOfDay('23:59:59')).toBe('23:59');
    expect(timeOfDay('09:30')).toBe('09:30');
  });

  it('is not a time in any other form', () => {
    for (const bad of ['9:30', '24:00', '09:60', '09:30:60', '09:30:0', '09:30:00.000', '0930', ' 09:30']) {
      expect(timeOfDay(bad), bad).toBeNull();
    }
  });
});
