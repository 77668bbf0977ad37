import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import { bookRideBody, bookRideForm } from './bookings.js';
import { wholeNumberText } from './common.js';
import { offerRideBody, rideForm } from './rides.js';

const ride = {
  from: 'Pune',
  to: 'Mumbai',
  departureDate: '2026-12-01',
  departureTime: '09:00',
  carModel: 'Swift',
  carNumber: 'MH12AB1234',
};

describe('numbers', () => {
  it('in a JSON body are numbers only', () => {
    for (const pricePerSeat of ['300', true, [300], null]) {
      const r = offerRideBody.safeParse({ ...ride, pricePerSeat });
      expect(r.error?.issues[0]?.message, JSON.stringify(pricePerSeat)).toBe(MSG.priceInvalid);
    }
    expect(offerRideBody.parse({ ...ride, pricePerSeat: 300 }).pricePerSeat).toBe(300);
    expect(bookRideBody.safeParse({ seatsRequested: '2' }).error?.issues[0]?.message).toBe(MSG.seatsRange);
  });

  it('in a form field or a query string are decimal text, read as numbers', () => {
    expect(rideForm.parse({ ...ride, pricePerSeat: '300', passengers: '3' })).toMatchObject({
      pricePerSeat: 300,
      passengers: 3,
    });
    expect(bookRideForm.parse({ seatsRequested: '2' }).seats).toBe(2);
    for (const text of ['0x8', '1e2', '2.0', '+2', '-2', ' 2', '', '1234567890']) {
      expect(wholeNumberText('bad').safeParse(text).error?.issues[0]?.message, text).toBe('bad');
    }
  });

  it('give the field message in every branch, so a form shows it', () => {
    const issue = rideForm
      .safeParse({ ...ride, pricePerSeat: '' })
      .error!.issues.find((i) => i.path[0] === 'pricePerSeat')!;
    expect(issue.message).toBe(MSG.priceInvalid);
    const branches = (issue as unknown as { errors: Array<Array<{ message: string }>> }).errors.flat();
    expect(branches.map((b) => b.message)).toEqual([MSG.priceInvalid, MSG.priceInvalid]);
  });
});

describe('places', () => {
  it('need a letter or a digit, in any script', () => {
    expect(offerRideBody.safeParse({ ...ride, from: '!!!', pricePerSeat: 1 }).error?.issues[0]?.message).toBe(
      MSG.placeNeedsLetters,
    );
    expect(
      offerRideBody.safeParse({ ...ride, from: '\u0301\u0301', pricePerSeat: 1 }).error?.issues[0]?.message,
    ).toBe(MSG.placeNeedsLetters);
    expect(offerRideBody.safeParse({ ...ride, from: 'पुणे', pricePerSeat: 1 }).success).toBe(true);
    expect(offerRideBody.safeParse({ ...ride, from: 'Sector 62', pricePerSeat: 1 }).success).toBe(true);
  });
});
