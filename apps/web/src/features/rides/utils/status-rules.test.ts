import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { bookingStatusAfter } from '../api/update-ride-status';
import { statusErrorMessage } from './status-errors';
import { nextStatuses } from './status-rules';

const now = Date.parse('2030-06-15T03:00:00Z'); // 08:30 IST

describe('ride status rules', () => {
  it('offers COMPLETED from ACTIVE only once departed (as the server allows), CANCELLED always, none from COMPLETED', () => {
    expect(
      nextStatuses({ status: 'ACTIVE', departureDate: '2030-06-16', departureTime: '09:00' }, now),
    ).toEqual(['CANCELLED']);
    expect(
      nextStatuses({ status: 'ACTIVE', departureDate: '2030-06-15', departureTime: '08:30' }, now),
    ).toEqual(['COMPLETED', 'CANCELLED']);
    expect(
      nextStatuses({ status: 'COMPLETED', departureDate: '2030-06-16', departureTime: '09:00' }, now),
    ).toEqual([]);
  });

  it('reactivates a cancelled ride only before its departure (IST)', () => {
    expect(
      nextStatuses({ status: 'CANCELLED', departureDate: '2030-06-15', departureTime: '08:31' }, now),
    ).toEqual(['ACTIVE']);
    expect(
      nextStatuses({ status: 'CANCELLED', departureDate: '2030-06-15', departureTime: '08:30' }, now),
    ).toEqual([]);
  });

  it('maps the server refusals to the specification texts', () => {
    const e = (msg: string, status = 409, code?: string) =>
      new ApiError(msg, status, code ? { success: false, error: msg, code } : null);
    expect(statusErrorMessage(e('Cannot mark future rides as completed', 409, 'RIDE_NOT_DEPARTED'))).toBe(
      'Cannot mark future rides as completed. Please wait until after the departure time.',
    );
    expect(statusErrorMessage(e('Cannot change the status of completed rides', 409, 'RIDE_COMPLETED'))).toBe(
      'Cannot change the status of completed rides.',
    );
    expect(
      statusErrorMessage(e('Cannot reactivate rides that have already started', 409, 'RIDE_STARTED')),
    ).toBe('Cannot reactivate rides that have already started.');
    // Codes, not words: the same sentence in other words maps the same, other words alone map to nothing.
    expect(statusErrorMessage(e('Ride finishes only after it leaves', 409, 'RIDE_NOT_DEPARTED'))).toBe(
      'Cannot mark future rides as completed. Please wait until after the departure time.',
    );
    expect(statusErrorMessage(e('Cannot mark future rides as completed', 409))).toBe(
      'Failed to update ride status. Please try again.',
    );
    expect(statusErrorMessage(e('Forbidden', 403))).toBe(
      'You are not authorized to change this ride status.',
    );
    expect(statusErrorMessage(e('API call failed with status 500', 500))).toBe(
      'Failed to update ride status. Please try again.',
    );
    expect(statusErrorMessage(new Error('Network error'))).toBe(
      'Failed to update ride status. Please try again.',
    );
  });

  it('carries a ride completion or cancellation to its bookings', () => {
    expect(bookingStatusAfter('COMPLETED', 'CONFIRMED')).toBe('COMPLETED');
    expect(bookingStatusAfter('COMPLETED', 'PENDING')).toBe('CANCELLED');
    expect(bookingStatusAfter('CANCELLED', 'CONFIRMED')).toBe('CANCELLED');
    expect(bookingStatusAfter('CANCELLED', 'COMPLETED')).toBe('COMPLETED');
  });
});
