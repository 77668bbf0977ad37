import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import { commuteBody, subscriptionBody } from './commutes.js';

const valid = {
  from: 'Whitefield',
  to: 'Koramangala',
  days: ['FRI', 'MON', 'MON'],
  departureTime: '08:30',
  returnTime: '18:00',
  startDate: '2026-12-01',
  seats: 3,
  pricePerSeat: 120,
  carModel: 'Swift',
  carNumber: 'KA01AB1234',
};

const firstMessages = (r: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) => {
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[String(i.path[0])] ??= i.message;
  return out;
};

describe('commute shapes', () => {
  it('keeps the days in week order, each once', () => {
    expect(commuteBody.parse(valid).days).toEqual(['MON', 'FRI']);
  });

  it('refuses no days, unknown days, an end before the start and a return at the departure time', () => {
    expect(firstMessages(commuteBody.safeParse({ ...valid, days: [] }))).toEqual({
      days: MSG.commuteDaysRequired,
    });
    expect(firstMessages(commuteBody.safeParse({ ...valid, days: ['MONDAY'] }))).toEqual({
      days: MSG.commuteDayInvalid,
    });
    expect(firstMessages(commuteBody.safeParse({ ...valid, endDate: '2026-11-30' }))).toEqual({
      endDate: MSG.commuteEndBeforeStart,
    });
    expect(firstMessages(commuteBody.safeParse({ ...valid, returnTime: '08:30' }))).toEqual({
      returnTime: MSG.commuteReturnSameTime,
    });
  });

  it('a subscription defaults to one seat, every day and both directions', () => {
    expect(subscriptionBody.parse({})).toEqual({ seats: 1 });
    expect(firstMessages(subscriptionBody.safeParse({ direction: 'BOTH' }))).toEqual({
      direction: MSG.commuteDirectionInvalid,
    });
  });
});
