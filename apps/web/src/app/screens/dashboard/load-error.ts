import { ApiError } from '@/lib/api-client';

const LOAD_FAILED = 'Failed to load dashboard data. Please try again.';
const SESSION_EXPIRED = 'Session expired or unauthorized. Please sign in again.';

/** Loading the dashboard failed: a refused session has its own text; anything else the screen's. */
export function loadErrorMessage(err: unknown): string {
  return err instanceof ApiError && (err.status === 401 || err.status === 403)
    ? SESSION_EXPIRED
    : LOAD_FAILED;
}
