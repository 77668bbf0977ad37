import { chatLink, chatPhone } from '@saathchalo/shared';
import { describe, expect, it } from 'vitest';

describe('chat link builder', () => {
  it('reduces the phone to digits and prefixes 91 to ten digits', () => {
    expect(chatPhone('98765 43210')).toBe('919876543210');
    expect(chatPhone('+91 98765-43210')).toBe('919876543210');
    expect(chatPhone('(987) 654-3210')).toBe('919876543210');
  });

  it('builds a wa.me link with the prefilled message for each role', () => {
    for (const role of ['driver', 'passenger', 'generic'] as const) {
      const link = new URL(chatLink('9876543210', role, { name: 'Ravi', from: 'Pune', to: 'Mumbai' }));
      expect(link.origin + link.pathname).toBe('https://wa.me/919876543210');
      expect(link.searchParams.get('text')).toContain('Ravi');
    }
    expect(new URL(chatLink('9876543210', 'driver', { from: 'Pune', to: 'Mumbai' })).searchParams.get('text')).toContain('from Pune to Mumbai');
  });
});
