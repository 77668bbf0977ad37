import { describe, expect, it } from 'vitest';
import { chatLink, chatMessage, chatPhone } from './phone.js';

describe('chat links', () => {
  it('reduces a phone to digits and prefixes 91 to ten digits', () => {
    expect(chatPhone('98765-43210')).toBe('919876543210');
    expect(chatPhone('+91 98765 43210')).toBe('919876543210');
    expect(chatPhone('')).toBe('');
  });

  it('builds a wa.me link with the prefilled message for the driver', () => {
    const link = chatLink('9876543210', 'driver', {
      name: 'Ravi',
      from: 'Pune',
      to: 'Mumbai',
      date: '2026-11-23',
    });
    expect(link).toBe(
      `https://wa.me/919876543210?text=${encodeURIComponent(
        "Hi Ravi, I'm contacting you about your SaathChalo ride from Pune to Mumbai on 2026-11-23.",
      )}`,
    );
  });

  it('has a message for a passenger and a generic one', () => {
    expect(chatMessage('passenger', { name: 'Asha' })).toBe(
      'Hi Asha, this is your SaathChalo driver for the ride.',
    );
    expect(chatMessage('generic')).toBe("Hi, I'm contacting you through SaathChalo.");
  });
});
