import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commuteBody, createCommute } from '../../test/commutes.js';
import { createUser } from '../../test/factories.js';
import { mailLinesTo, subjectsTo } from '../../test/jobs.js';
import { call } from '../../test/marketplace.js';
import { createTestApp, TEST_NOW, type TestContext } from '../../test/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const CHANGED = 'Commute changed: Whitefield to Koramangala';

describe("a commute's edit, told to its standing passengers", () => {
  it('mails each passenger whose standing booking goes on what changed, once; the rides already booked keep the old terms', async () => {
    ctx.clock.set(TEST_NOW);
    const driver = await createUser(ctx, { first_name: 'Kavya', last_name: 'Rao' });
    const asha = await createUser(ctx, { first_name: 'Asha' });
    const ravi = await createUser(ctx, { first_name: 'Ravi' });
    const commute = await createCommute(ctx, driver, commuteBody({ instantBooking: true }));
    for (const p of [asha, ravi]) {
      const res = await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, p, { seats: 1 });
      expect(res.status).toBe(201);
    }
    // Ravi's standing booking is stopped before the edit: he is told nothing.
    await call(ctx, 'DELETE', `/api/commutes/${commute.id}/subscriptions/mine`, ravi);

    const edited = commuteBody({
      days: ['MON', 'WED', 'FRI'],
      departureTime: '09:00',
      pricePerSeat: 150,
      carModel: 'Honda City',
      carNumber: 'KA05CD6789',
      instantBooking: false,
      stops: [{ place: 'Marathahalli' }],
      endDate: '2027-01-31',
    });
    const edit = await call(ctx, 'PUT', `/api/commutes/${commute.id}`, driver, edited);
    expect(edit.status).toBe(200);

    const [lines, ...more] = await mailLinesTo(ctx, asha.email, CHANGED);
    expect(more).toEqual([]);
    expect(lines!.slice(0, 11)).toEqual([
      'Hi Asha,',
      'Kavya Rao changed their commute from Whitefield to Koramangala:',
      'Route: Whitefield, Marathahalli, Koramangala (was Whitefield, Koramangala).',
      'Days: Mon, Wed, Fri (was Mon–Fri).',
      'Leaves at: 09:00 (was 08:30).',
      'Price: Rs 150 a seat (was Rs 120 a seat).',
      'Runs: until 2027-01-31 (was until it is stopped).',
      'Car: Honda City, KA05CD6789 (was Swift, KA01AB1234).',
      'Booking: confirmed by Kavya Rao (was confirmed at once).',
      'Your standing booking goes on: the rides already booked keep their old terms, and the next ones are booked as the commute is now. You can change or stop it from your dashboard.',
      '',
    ]);
    expect(await subjectsTo(ctx, ravi.email)).not.toContain(CHANGED);
  });

  it('sends nothing for an edit that changes nothing a passenger rides on, and tells a new return time only to those who ride back', async () => {
    ctx.clock.set(TEST_NOW);
    const driver = await createUser(ctx, { first_name: 'Meera', last_name: 'Iyer' });
    const asha = await createUser(ctx, { first_name: 'Asha' });
    const divya = await createUser(ctx, { first_name: 'Divya' });
    const commute = await createCommute(ctx, driver, commuteBody({ instantBooking: true }));
    const subscribe = (p: typeof asha, terms: Record<string, unknown>) =>
      call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, p, { seats: 1, ...terms });
    expect((await subscribe(asha, {})).status).toBe(201);
    expect((await subscribe(divya, { direction: 'OUTBOUND' })).status).toBe(201);
    const edit = (body: Record<string, unknown>) =>
      call(ctx, 'PUT', `/api/commutes/${commute.id}`, driver, commuteBody({ instantBooking: true, ...body }));

    expect((await edit({ seats: 4 })).status).toBe(200);
    expect(await subjectsTo(ctx, asha.email)).not.toContain(CHANGED);

    expect((await edit({ seats: 4, returnTime: '18:30' })).status).toBe(200);
    const [lines] = await mailLinesTo(ctx, asha.email, CHANGED);
    expect(lines!.slice(1, 3)).toEqual([
      'Meera Iyer changed their commute from Whitefield to Koramangala:',
      'Return: back at 18:30 (was back at 18:00).',
    ]);
    expect(await subjectsTo(ctx, divya.email)).not.toContain(CHANGED);
  });
});
