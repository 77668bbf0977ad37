import { createUser, freshSession, type TestUser } from './factories.js';
import { book, call } from './marketplace.js';
import { TEST_NOW, type TestContext } from './test-app.js';

/** A commute as a driver sends it: Whitefield to Koramangala on weekdays at 08:30, back at 18:00. */
export function commuteBody(overrides: Record<string, unknown> = {}) {
  return {
    ...{ from: 'Whitefield', to: 'Koramangala', days: ['MON', 'TUE', 'WED', 'THU', 'FRI'] },
    ...{ departureTime: '08:30', returnTime: '18:00', startDate: '2026-11-22', seats: 3, pricePerSeat: 120 },
    ...{ carModel: 'Swift', carNumber: 'KA01AB1234' },
    ...overrides,
  };
}

/**
 * The four rides a standing passenger of commuteBody() on Mondays holds from TEST_NOW, one seat each, as a
 * mail listing them writes them (marketplace/cancelled-together.ts rideLine).
 */
export const MONDAYS_BOTH_WAYS = [
  '- Mon 2026-11-23 at 08:30, Whitefield to Koramangala (1 seat)',
  '- Mon 2026-11-23 at 18:00, Koramangala to Whitefield (1 seat)',
  '- Mon 2026-11-30 at 08:30, Whitefield to Koramangala (1 seat)',
  '- Mon 2026-11-30 at 18:00, Koramangala to Whitefield (1 seat)',
];

/** Kiran Das, who drives, and Asha Rao and Ravi Iyer, who ride: made at TEST_NOW, named for mail texts. */
export async function threeCommuters(ctx: TestContext) {
  ctx.clock.set(TEST_NOW);
  return {
    driver: await createUser(ctx, { first_name: 'Kiran', last_name: 'Das' }),
    asha: await createUser(ctx, { first_name: 'Asha', last_name: 'Rao' }),
    ravi: await createUser(ctx, { first_name: 'Ravi', last_name: 'Iyer' }),
  };
}

/** A standing booking on a commute through the API: one seat unless the terms say otherwise. */
export const stand = (ctx: TestContext, commuteId: string, who: TestUser, terms: Record<string, unknown>) =>
  call(ctx, 'POST', `/api/commutes/${commuteId}/subscriptions`, who, { seats: 1, ...terms });

/** A night shift: out at 22:00, back the next morning at 06:00 (decision 024), booked instantly. */
export const nightShiftBody = (overrides: Record<string, unknown> = {}) =>
  commuteBody({ departureTime: '22:00', returnTime: '06:00', instantBooking: true, ...overrides });

/** The commute made through the API (201), with its upcoming rides; anything else fails the test. */
export async function createCommute(
  ctx: TestContext,
  driver: TestUser,
  body: Record<string, unknown>,
): Promise<any> {
  const res = await call(ctx, 'POST', '/api/commutes', driver, body);
  if (res.status !== 201) throw new Error(`commute refused: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Monday 23rd, a minute past midnight in India: a commute's job is due and makes Sunday 6 December's ride. */
const JOB_DUE = Date.parse('2026-11-22T18:31:00.000Z');

/** Weekends, Whitefield to Koramangala at 08:30, 3 seats at Rs 120, booked instantly. */
export const weekends = (overrides: Record<string, unknown> = {}) =>
  commuteBody({ days: ['SAT', 'SUN'], returnTime: null, instantBooking: true, ...overrides });

/**
 * A weekend commute made the morning before, and a man on its rides (28, 29 November and 5 December) one
 * by one, standing, or not yet; then the clock at the minute its job is due, and sessions valid then.
 */
export async function commuteDueNow(ctx: TestContext, booked: 'one by one' | 'standing' | 'not yet') {
  ctx.clock.set(TEST_NOW);
  const driver = await createUser(ctx, { gender: 'FEMALE' });
  const passenger = await createUser(ctx, { gender: 'MALE' });
  const commute = await createCommute(ctx, driver, weekends());
  if (booked === 'standing') {
    const res = await call(ctx, 'POST', `/api/commutes/${commute.id}/subscriptions`, passenger, { seats: 1 });
    if (res.status !== 201) throw new Error(`standing booking refused: ${res.status}`);
  }
  if (booked === 'one by one') for (const ride of commute.upcoming) await book(ctx, passenger, ride.id);
  ctx.clock.set(JOB_DUE);
  return {
    id: commute.id as string,
    driver: await freshSession(ctx, driver),
    passenger: await freshSession(ctx, passenger),
  };
}

/** The days of commuteDueNow's commute once its job has run: 28, 29 November, 5 and 6 December. */
export const DAYS_DUE = ['11-28', '11-29', '12-05', '12-06'];

/** Each upcoming ride of a commute as its driver sees it: date, free seats of all, status. */
export async function seatsShownToDriver(ctx: TestContext, commute: { id: string; driver: TestUser }) {
  const shown = await call(ctx, 'GET', `/api/commutes/${commute.id}`, commute.driver);
  return shown.body.data.upcoming.map(
    (r: any) => `${r.departureDate.slice(5)} ${r.availableSeats} of ${r.totalSeats} free ${r.status}`,
  ) as string[];
}
