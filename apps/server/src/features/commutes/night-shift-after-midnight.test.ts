import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommute, nightShiftBody } from '../../test/commutes.js';
import { createUser, freshSession } from '../../test/factories.js';
import { runJobs } from '../../test/jobs.js';
import { call } from '../../test/marketplace.js';
import { createTestApp, TEST_NOW, type TestContext } from '../../test/test-app.js';

/*
 * A night shift (out 22:00, back 06:00) seen between midnight and its morning return: last night's
 * return is still ahead, though last night is no longer in the horizon (today and 13 days after).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The test clock starts on Sunday 22 November 2026, 10:00 IST. */
const at = (offsetMs: number) => ctx.clock.set(Date.parse(TEST_NOW) + offsetMs);
const TUESDAY_0100 = DAY + 15 * HOUR;
const night = nightShiftBody;

const returnsOf = async (commuteId: string) =>
  (
    await ctx.db
      .selectFrom('rides')
      .select(['departure_date', 'departure_time'])
      .where('commute_id', '=', commuteId)
      .where('direction', '=', 'RETURN')
      .where('deleted_at', 'is', null)
      .orderBy('departure_at')
      .execute()
  ).map((r) => `${r.departure_date} ${r.departure_time}`);

describe('a night shift between midnight and its morning return', () => {
  it('an edit at 01:00 remakes that morning’s return home (it removed it as unbooked)', async () => {
    at(0);
    const driver = await createUser(ctx);
    const commute = await createCommute(ctx, driver, night());
    at(TUESDAY_0100);
    const edited = await call(
      ctx,
      'PUT',
      `/api/commutes/${commute.id}`,
      await freshSession(ctx, driver),
      night({ pricePerSeat: 150 }),
    );
    expect(edited.status).toBe(200);
    expect((await returnsOf(commute.id)).slice(0, 2)).toEqual(['2026-11-24 06:00', '2026-11-25 06:00']);
    const first = edited.body.data.upcoming[0];
    expect([first.direction, first.departureDate, first.departureTime, first.pricePerSeat]).toEqual([
      'RETURN',
      '2026-11-24',
      '06:00',
      150,
    ]);
  });

  it('an edit to a daytime shift at 01:00 does not bring last night’s return back', async () => {
    at(0);
    const driver = await createUser(ctx);
    const commute = await createCommute(ctx, driver, night());
    at(TUESDAY_0100);
    const daytime = night({ departureTime: '08:30', returnTime: '18:00' });
    const url = `/api/commutes/${commute.id}`;
    expect((await call(ctx, 'PUT', url, await freshSession(ctx, driver), daytime)).status).toBe(200);
    expect((await returnsOf(commute.id)).slice(0, 2)).toEqual(['2026-11-24 18:00', '2026-11-25 18:00']);
  });

  it('this morning’s return skipped at 01:00 stays skipped through the night’s jobs and an edit', async () => {
    at(0);
    const driver = await createUser(ctx);
    const commute = await createCommute(ctx, driver, night({ days: ['MON'] }));
    at(TUESDAY_0100);
    const d = await freshSession(ctx, driver);
    const tuesday = commute.upcoming.find((r: { departureDate: string }) => r.departureDate === '2026-11-24');
    expect((await call(ctx, 'PUT', `/api/rides/${tuesday.id}/status?status=CANCELLED`, d)).status).toBe(200);
    await runJobs(ctx);
    expect((await call(ctx, 'PUT', `/api/commutes/${commute.id}`, d, night({ days: ['MON'] }))).status).toBe(
      200,
    );
    const statuses = await ctx.db
      .selectFrom('rides')
      .select(['departure_date', 'status'])
      .where('commute_id', '=', commute.id)
      .where('direction', '=', 'RETURN')
      .orderBy('departure_at')
      .execute();
    expect(statuses.map((r) => `${r.departure_date} ${r.status}`)).toEqual([
      '2026-11-24 CANCELLED',
      '2026-12-01 ACTIVE',
      '2026-12-08 ACTIVE',
    ]);
  });

  it('after downtime over a Friday night, the job at 01:00 still makes Saturday morning’s return', async () => {
    at(0);
    const driver = await createUser(ctx);
    const commute = await createCommute(ctx, driver, night({ days: ['FRI'], endDate: '2026-12-31' }));
    at(19 * DAY + 15 * HOUR); // Saturday 12 December, 01:00 IST: nothing ran since Sunday 22 November
    await runJobs(ctx);
    expect(await returnsOf(commute.id)).toEqual([
      ...['2026-11-28 06:00', '2026-12-05 06:00', '2026-12-12 06:00'],
      ...['2026-12-19 06:00', '2026-12-26 06:00'],
    ]);
  });
});
