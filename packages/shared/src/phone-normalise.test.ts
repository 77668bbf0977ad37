import { describe, expect, it } from 'vitest';
import { normalizeIndianMobile } from './phone.js';

describe('a typed Indian mobile number', () => {
  it('is reduced to its 10 digits however the person wrote it', () => {
    for (const typed of [
      '+91 98765 43210',
      '+919876543210',
      '098765 43210',
      '98765-43210',
      '9876543210',
      '91 98765 43210',
      '+91-98765-43210',
    ]) {
      expect(normalizeIndianMobile(typed), typed).toBe('9876543210');
    }
  });

  it('is left for validation to refuse when it is not 10 digits after the prefix', () => {
    expect(normalizeIndianMobile('12345')).toBe('12345');
    expect(normalizeIndianMobile('+1 555 123 4567')).toBe('+15551234567');
    expect(normalizeIndianMobile('98765 4321')).toBe('987654321');
  });
});
