import { describe, expect, it } from 'vitest';
import { acceptsGzip } from './gzip-answer.js';

describe('acceptsGzip', () => {
  it.each([
    ['gzip', true],
    ['gzip, deflate, br', true],
    ['GZIP', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['x-gzip', true],
    ['*', true],
    [['deflate', 'gzip'], true],
    ['gzip;q=0', false],
    ['gzip; q=0.000, br', false],
    ['*;q=0', false],
    ['*, gzip;q=0', false],
    ['identity', false],
    ['br, deflate', false],
    ['', false],
    [undefined, false],
  ] as const)('%j takes gzip: %s', (header, takes) => {
    expect(acceptsGzip(header as string | string[] | undefined)).toBe(takes);
  });
});
