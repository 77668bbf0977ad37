import { describe, expect, it } from 'vitest';
import { newId } from './ids.js';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newId', () => {
  it('makes RFC 9562 version 7 UUIDs, each one different', () => {
    const ids = Array.from({ length: 1000 }, newId);
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('orders ids by the time they were made, so new rows go at the end of their primary-key index', async () => {
    const made: string[] = [];
    const before = Date.now();
    for (let i = 0; i < 4; i += 1) {
      made.push(newId());
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const after = Date.now();
    expect([...made].sort()).toEqual(made);
    const millis = made.map((id) => parseInt(id.replace(/-/g, '').slice(0, 12), 16));
    expect(millis[0]).toBeGreaterThanOrEqual(before);
    expect(millis[3]).toBeLessThanOrEqual(after);
  });
});
