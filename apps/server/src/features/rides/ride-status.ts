import { ERR, type RideStatus } from '@saathchalo/shared';

type StatusChange =
  | { kind: 'same' }
  | { kind: 'change' }
  | { kind: 'refused'; error: string };

/**
 * The ride status machine of CONTRACT section 4, as a pure rule:
 * ACTIVE -> COMPLETED once departed, ACTIVE -> CANCELLED, CANCELLED -> ACTIVE before departure;
 * a completed ride never changes. Asking for the status a ride already has changes nothing.
 */
export function decideStatusChange(current: RideStatus, next: RideStatus, departed: boolean): StatusChange {
  if (current === 'COMPLETED') return { kind: 'refused', error: ERR.completedChange };
  if (current === next) return { kind: 'same' };
  if (next === 'COMPLETED') {
    if (current === 'CANCELLED') return { kind: 'refused', error: 'Cannot complete a cancelled ride' };
    return departed ? { kind: 'change' } : { kind: 'refused', error: ERR.futureComplete };
  }
  if (next === 'ACTIVE') return departed ? { kind: 'refused', error: ERR.reactivateStarted } : { kind: 'change' };
  return { kind: 'change' };
}
