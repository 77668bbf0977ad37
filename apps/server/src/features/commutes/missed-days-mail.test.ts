import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commuteBody, createCommute } from '../../test/commutes.js';
import { createUser } from '../../test/factories.js';
import { mailLinesTo, runJobs, subjectsTo } from '../../test/jobs.js';
import { call } from '../../test/marketplace.js';
import { createTestApp, TEST_NOW, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const DAY = 86_400_000;

describe('a standing booking that cannot book a new day', () => {
  it('mails the passenger which ride it could not book and why; the one who got the seat hears nothing of it', async () => {
    ctx.clock.set(TEST_NOW);
    const driver = await createUser(ctx, { first_name: 'Kiran', last_name: 'Das' });
    const asha = await createUser(ctx, { first_name: 'Asha', last_name: 'Rao' });
    const ravi = await createUser(ctx, { first_name: 'Ravi', last_name: 'Iyer' });
    const commute = await createCommute(
      ctx,
      driver,
      commuteBody({ returnTime: null, seats: 1, days: ['MON'] }),
    );
    const subscribe = (who: typeof asha) =>
      call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, who, { seats: 1 });
    expect((await subscribe(asha)).body.data.full).toEqual([]);
    // At subscribe time the answer itself lists the days that are full: no mail for those.
    expect((await subscribe(ravi)).body.data.booked).toEqual([]);
    const before = await subjectsTo(ctx, ravi.email);

    // A week on, the job makes the next Monday's ride: Asha's standing booking takes its only seat first.
    ctx.clock.set(Date.parse(TEST_NOW) + 7 * DAY);
    await runJobs(ctx);

    const [lines, again] = await mailLinesTo(ctx, ravi.email, 'Not booked: Whitefield to Koramangala');
    expect(again).toBeUndefined();
    expect(lines!.slice(0, 4)).toEqual([
      'Hi Ravi,',
      "Your standing booking on Kiran Das's commute could not book:",
      '2026-12-07 at 08:30, Whitefield to Koramangala: Not enough seats available.',
      'Your other days stay booked. You can look for another ride for these.',
    ]);
    expect(await subjectsTo(ctx, ravi.email)).toEqual([...before, 'Not booked: Whitefield to Koramangala']);
    expect(await subjectsTo(ctx, asha.email)).not.toContain('Not booked: Whitefield to Koramangala');
  });
});
