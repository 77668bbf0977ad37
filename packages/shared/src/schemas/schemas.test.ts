import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import { loginBody, registerBody, resetPasswordForm } from './auth.js';
import { bookRideBody } from './bookings.js';
import { ratingBody } from './ratings.js';
import { offerRideBody, searchQuery } from './rides.js';
import { splitFullName } from './users.js';

const firstMessages = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => {
  const out: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) out[String(i.path[0])] ??= i.message;
  return out;
};

describe('shared schemas give the specification texts', () => {
  it('sign in', () => {
    expect(firstMessages(loginBody.safeParse({}))).toEqual({
      email: MSG.emailRequired,
      password: MSG.passwordRequired,
    });
    expect(firstMessages(loginBody.safeParse({ email: 'nope', password: '123' }))).toEqual({
      email: MSG.emailInvalid,
      password: MSG.passwordMin,
    });
  });

  it('sign up', () => {
    const r = registerBody.safeParse({
      firstName: ' ',
      lastName: '',
      email: 'a@b.in',
      phone: '12345',
      password: 'secret1',
    });
    expect(firstMessages(r)).toEqual({
      firstName: MSG.firstNameRequired,
      lastName: MSG.lastNameRequired,
      phone: MSG.phoneInvalid,
    });
    expect(
      firstMessages(
        registerBody.safeParse({ firstName: 'A', lastName: 'B', email: 'a@b.in', password: 'secret1' }),
      ),
    ).toEqual({
      phone: MSG.phoneRequired,
    });
  });

  it('lower-cases e-mail and leaves location empty as null', () => {
    const r = registerBody.parse({
      firstName: 'A',
      lastName: 'B',
      email: 'Asha@Example.IN',
      phone: '9876543210',
      password: 'secret1',
    });
    expect(r.email).toBe('asha@example.in');
    expect(r.location).toBeNull();
  });

  it('offer ride', () => {
    expect(firstMessages(offerRideBody.safeParse({}))).toMatchObject({
      from: MSG.fromRequired,
      to: MSG.toRequired,
      departureDate: MSG.dateRequired,
      departureTime: MSG.timeRequired,
      pricePerSeat: MSG.priceInvalid,
      carModel: MSG.carModelRequired,
      carNumber: MSG.carNumberRequired,
    });
    const seats = offerRideBody.safeParse({
      from: 'Pune',
      to: 'Mumbai',
      departureDate: '2026-11-23',
      departureTime: '08:00',
      passengers: 9,
      pricePerSeat: 0,
      carModel: 'Swift',
      carNumber: 'MH12AB1234',
    });
    expect(firstMessages(seats)).toEqual({ passengers: MSG.seatsRange, pricePerSeat: MSG.priceInvalid });
  });

  it('search', () => {
    expect(firstMessages(searchQuery.safeParse({}))).toMatchObject({
      from: MSG.searchFromRequired,
      to: MSG.searchToRequired,
      date: MSG.searchDateRequired,
    });
  });

  it('booking falls back from seatsRequested to seatsRequired, then 1', () => {
    expect(bookRideBody.parse({ seatsRequested: 2, seatsRequired: 3 }).seats).toBe(2);
    expect(bookRideBody.parse({ seatsRequired: 3 }).seats).toBe(3);
    expect(bookRideBody.parse({}).seats).toBe(1);
  });

  it('rating needs a star choice and at most 500 characters of comment', () => {
    expect(firstMessages(ratingBody.safeParse({ rideId: 'r', rateeId: 'u' }))).toEqual({
      rating: MSG.ratingRequired,
    });
    expect(
      firstMessages(ratingBody.safeParse({ rating: 5, comment: 'x'.repeat(501), rideId: 'r', rateeId: 'u' })),
    ).toEqual({
      comment: MSG.commentTooLong,
    });
  });

  it('reset password form checks length and match', () => {
    expect(
      firstMessages(resetPasswordForm.safeParse({ newPassword: '123', confirmPassword: '123' })),
    ).toEqual({
      newPassword: MSG.resetPasswordMin,
    });
    expect(
      firstMessages(resetPasswordForm.safeParse({ newPassword: '123456', confirmPassword: '654321' })),
    ).toEqual({
      confirmPassword: MSG.passwordsDoNotMatch,
    });
  });

  it('splits a full name at the first space', () => {
    expect(splitFullName('  Asha  Rani Verma ')).toEqual({ firstName: 'Asha', lastName: 'Rani Verma' });
    expect(splitFullName('Asha')).toEqual({ firstName: 'Asha', lastName: '' });
  });
});
