import { describe, expect, it } from 'vitest';
import { turnTaker } from './turns.js';

function busy(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe('turnTaker', () => {
  it('lets waiting work run once the turn has lasted its budget, and not before', async () => {
    const ran: string[] = [];
    const next = turnTaker(5);
    setImmediate(() => ran.push('waiting'));
    await next();
    expect(ran).toEqual([]);
    busy(6);
    await next();
    expect(ran).toEqual(['waiting']);
    // A new turn starts after handing over: within its budget again, nothing else runs.
    setImmediate(() => ran.push('later'));
    await next();
    expect(ran).toEqual(['waiting']);
  });
});
