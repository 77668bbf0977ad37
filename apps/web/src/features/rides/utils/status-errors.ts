import { ApiError } from '@/lib/api-client';

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
