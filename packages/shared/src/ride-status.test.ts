import { describe, expect, it } from 'vitest';
import { ERR } from './messages.js';
import { allowedStatusChanges, decideStatusChange } from './ride-status.js';

describe('the ride status machine (server and web app alike)', () => {
  it('completes an active ride only once it has departed', () => {
    expect(decideStatusChange('ACTIVE', 'COMPLETED', false)).toEqual({
      kind: 'refused',
      error: ERR.futureComplete,
    });
    expect(decideStatusChange('ACTIVE', 'COMPLETED', true)).toEqual({ kind: 'change' });
    expect(allowedStatusChanges('ACTIVE', false)).toEqual(['CANCELLED']);
    expect(allowedStatusChanges('ACTIVE', true)).toEqual(['COMPLETED', 'CANCELLED']);
  });

  it('reactivates a cancelled ride only before departure, and never changes a completed one', () => {
    expect(allowedStatusChanges('CANCELLED', false)).toEqual(['ACTIVE']);
    expect(allowedStatusChanges('CANCELLED', true)).toEqual([]);
    expect(allowedStatusChanges('COMPLETED', true)).toEqual([]);
    expect(decideStatusChange('CANCELLED', 'COMPLETED', true)).toEqual({
      kind: 'refused',
      error: ERR.completeCancelled,
    });
  });
});
