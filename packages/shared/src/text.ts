/**
 * What free text may hold before it reaches other people's screens and mails: no control characters
 * (C0, DEL, C1), no lone surrogates, no bidirectional overrides or isolates (U+202A-202E, U+2066-2069) that
 * reorder what is shown around them, and no zero-width characters (U+200B-200D, U+2060, U+FEFF) that make
 * two different texts look the same. Multi-line fields (a bio, a comment) keep newline, tab and carriage return.
 */
const INVISIBLE = '\\u200B-\\u200D\\u2060\\uFEFF\\u202A-\\u202E\\u2066-\\u2069';
const SINGLE_LINE = new RegExp(`[\\u0000-\\u001F\\u007F-\\u009F${INVISIBLE}]|\\p{Cs}`, 'u');
const MULTI_LINE = new RegExp(
  `[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F${INVISIBLE}]|\\p{Cs}`,
  'u',
);

/** Checked on the text as sent: trimming would silently drop a zero-width no-break space at an edge. */
export function hasForbiddenCharacter(value: string, multiline: boolean): boolean {
  return (multiline ? MULTI_LINE : SINGLE_LINE).test(value);
}

/** One stored form for one text: composed (NFC), trimmed, and with Windows or old Mac line ends as `\n`. */
export function normalizeText(value: string, multiline: boolean): string {
  const text = value.normalize('NFC').trim();
  return multiline ? text.replace(/\r\n?/g, '\n') : text;
}
