import { describe, expect, it } from 'vitest';
import { createGate } from './gate.js';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('createGate', () => {
  it('runs at most its slots at once, the others in the order they came, also after a failure', async () => {
    const gate = createGate(1);
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const job = (name: string, fail = false) =>
      gate.run(async () => {
        running += 1;
        most = Math.max(most, running);
        log.push(`start ${name}`);
        await tick();
        await tick();
        log.push(`end ${name}`);
        running -= 1;
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([job('a'), job('b', true), job('c')]);
    expect(most).toBe(1);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('lets as many run at once as it has slots', async () => {
    const gate = createGate(2);
    let running = 0;
    let most = 0;
    await Promise.all(
      [1, 2, 3, 4].map(() =>
        gate.run(async () => {
          running += 1;
          most = Math.max(most, running);
          await tick();
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(2);
  });
});
