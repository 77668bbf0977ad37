import { describe, expect, it } from 'vitest';
import { hasForbiddenCharacter, normalizeText } from './text.js';

describe('text that reaches other people', () => {
  it('is refused with control characters, C0 and C1, on one line', () => {
    for (const c of ['\u0000', '\u0007', '\n', '\t', '\r', '\u007f', '\u0085', '\u009f']) {
      expect(hasForbiddenCharacter(`a${c}b`, false), JSON.stringify(c)).toBe(true);
    }
  });

  it('keeps newline, tab and carriage return in multi-line text but no other control character', () => {
    expect(hasForbiddenCharacter('line one\r\n\tline two\n', true)).toBe(false);
    expect(hasForbiddenCharacter('a\u0000b', true)).toBe(true);
    expect(hasForbiddenCharacter('a\u000bb', true)).toBe(true);
    expect(hasForbiddenCharacter('a\u0090b', true)).toBe(true);
  });

  it('is refused with a lone surrogate, but an emoji (a surrogate pair) is fine', () => {
    expect(hasForbiddenCharacter('a\ud800b', false)).toBe(true);
    expect(hasForbiddenCharacter('a\udc00', false)).toBe(true);
    expect(hasForbiddenCharacter('Ride 🚗 safe', false)).toBe(false);
  });

  it('is refused with bidirectional overrides and isolates', () => {
    for (const c of [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ]) {
      expect(hasForbiddenCharacter(`abc${c}def`, true), c.codePointAt(0)!.toString(16)).toBe(true);
    }
  });

  it('is refused with zero-width characters, even at the edges where trimming would hide them', () => {
    for (const c of ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff']) {
      expect(hasForbiddenCharacter(`${c}abc`, false), c.codePointAt(0)!.toString(16)).toBe(true);
    }
  });

  it('accepts Indian scripts and accents as they are typed', () => {
    expect(hasForbiddenCharacter('बेंगलुरु', false)).toBe(false);
    expect(hasForbiddenCharacter('சென்னை', false)).toBe(false);
    expect(hasForbiddenCharacter('Café', false)).toBe(false);
  });

  it('is normalised to NFC and trimmed, with Windows line ends made plain newlines', () => {
    expect(normalizeText('  Cafe\u0301  ', false)).toBe('Café');
    expect(normalizeText('Café'.normalize('NFD'), false)).toBe('Café'.normalize('NFC'));
    expect(normalizeText(' one\r\ntwo\rthree \n', true)).toBe('one\ntwo\nthree');
  });
});
