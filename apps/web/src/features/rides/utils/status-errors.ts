import { ApiError } from '@/lib/api-client';

/** Specification section 8, Dashboard: the status refusals, each with its own sentence, told apart by code. */
const TEXT_BY_CODE: Partial<Record<string, string>> = {
  RIDE_NOT_DEPARTED: 'Cannot mark future rides as completed. Please wait until after the departure time.',
  RIDE_COMPLETED: 'Cannot change the status of completed rides.',
  RIDE_STARTED: 'Cannot reactivate rides that have already started.',
  NOT_RIDE_DRIVER: 'You are not authorized to change this ride status.',
};

export function statusErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return 'Failed to update ride status. Please try again.';
  return (
    TEXT_BY_CODE[err.code ?? ''] ??
    (err.status === 403 ? TEXT_BY_CODE.NOT_RIDE_DRIVER! : 'Failed to update ride status. Please try again.')
  );
}
