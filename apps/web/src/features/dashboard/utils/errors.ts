import { ApiError } from '@/lib/api-client';

/** The api client's own last-resort texts: when only these are left, the screen's default reads better. */
const generic = /^(API call failed with status \d+|An error occurred)$/;

export function refusalOr(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message && !generic.test(err.message) ? err.message : fallback;
}

export const LOAD_FAILED = 'Failed to load dashboard data. Please try again.';
export const SESSION_EXPIRED = 'Session expired or unauthorized. Please sign in again.';

/** Loading the dashboard failed: a refused session has its own text; anything else the screen's. */
export function loadErrorMessage(err: unknown): string {
  return err instanceof ApiError && (err.status === 401 || err.status === 403)
    ? SESSION_EXPIRED
    : LOAD_FAILED;
}

/** Specification section 8, Dashboard: the status refusals, each with its own sentence. */
export function statusErrorMessage(err: unknown): string {
  const text = err instanceof Error ? err.message : '';
  if (/future rides/i.test(text))
    return 'Cannot mark future rides as completed. Please wait until after the departure time.';
  if (/status of completed rides/i.test(text)) return 'Cannot change the status of completed rides.';
  if (/already started/i.test(text)) return 'Cannot reactivate rides that have already started.';
  if (/not authorized/i.test(text) || (err instanceof ApiError && err.status === 403)) {
    return 'You are not authorized to change this ride status.';
  }
  return 'Failed to update ride status. Please try again.';
}
