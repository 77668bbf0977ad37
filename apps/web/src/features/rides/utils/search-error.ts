import { ApiError } from '@/lib/api-client';
import { refusalOr } from '@/lib/refusal';

export function searchErrorMessage(err: Error): string {
  return err instanceof ApiError
    ? refusalOr(err, 'Failed to search rides')
    : 'An error occurred while searching for rides';
}
