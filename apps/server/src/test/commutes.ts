import type { TestUser } from './factories.js';
import { call } from './marketplace.js';
import type { TestContext } from './test-app.js';

/** A commute as a driver sends it: Whitefield to Koramangala on weekdays at 08:30, back at 18:00. */
export function commuteBody(overrides: Record<string, unknown> = {}) {
  return {
    ...{ from: 'Whitefield', to: 'Koramangala', days: ['MON', 'TUE', 'WED', 'THU', 'FRI'] },
    ...{ departureTime: '08:30', returnTime: '18:00', startDate: '2026-11-22', seats: 3, pricePerSeat: 120 },
    ...{ carModel: 'Swift', carNumber: 'KA01AB1234' },
    ...overrides,
  };
}

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
