/**
 * The bad values the fuzz test sends (test/fuzz-cases.ts). CONTROL, ODD_TEXT, MALFORMED and WRONG_CONTENT
 * are gone through in order, so their worst values come first; the others are picked at random.
 */

export const WRONG_TYPES: unknown[] = [
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  '0x8',
  '1e3',
  [300],
  {},
  null,
  '',
  'true',
  [],
  { $gt: '' },
  '9'.repeat(400),
];
export const HUGE = [1_000, 70_000, 300_000];
export const CONTROL = [
  '\u0000',
  '\u202e',
  '\ud800',
  '\u0001',
  '\u0008',
  '\u001b',
  '\u007f',
  '\u2066',
  '\u200b',
  '\ufeff',
  '\udfff',
  '\r\n',
  '\u0085',
];
/** Text with no letters or digits, or nothing visible: place names and ids that normalise to nothing. */
export const ODD_TEXT = ['!!!', '   ', '---', '\u0301', '\u200b\u200b', '🚗🚗', '%', '_'];
export const BAD_IDS = [
  'a'.repeat(300),
  'x'.repeat(5_000),
  '%ff',
  '%00',
  'ab%00cd',
  '%',
  '%zz',
  '%2e%2e%2f%2e%2e',
  '%E2%80%AE',
  '%F0%9F%9A%97',
  "1'%20OR%20'1'%3D'1",
  '-1',
  '0',
  'null',
  '%C0%AF',
];
export const BAD_QUERY = [
  '',
  '%ff',
  '%00',
  'a%00b',
  '-1',
  '0',
  '1e999',
  'NaN',
  '0x10',
  '%5Bobject%20Object%5D',
  '2026-02-30',
  '25:99',
  '%E2%80%AE',
  'true',
  '1.5',
  '99999999999999999999',
  'x'.repeat(3_000),
];
export const MALFORMED = [
  '{',
  '{"a":}',
  '[1,2',
  'nul',
  '{"from":"x",}',
  '\u0000',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '"text"',
  '123',
  'null',
  '[]',
  '{"a":"\\ud800"}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  '{"a":1}{"b":2}',
];
export const WRONG_CONTENT: Array<[string, string | Buffer]> = [
  // A multipart upload cut off in the middle of its file.
  [
    'multipart/form-data; boundary=XyZ',
    '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n',
  ],
  ['text/plain', 'hello'],
  ['application/x-www-form-urlencoded', 'from=Pune&to=Mumbai'],
  ['application/xml', '<a/>'],
  ['multipart/form-data', 'no boundary'],
  ['application/json; charset=utf-16', '{}'],
  ['application/json;;;', '{}'],
  ['garbage', '{}'],
  ['application/json', Buffer.from([0xff, 0xfe, 0x7b, 0x7d])],
  ['image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
];
