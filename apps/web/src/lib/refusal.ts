import { ApiError } from '@/lib/api-client';

/** The api client's own last-resort texts: when only these are left, the screen's default reads better. */
const generic = /^(API call failed with status \d+|An error occurred)$/;

/** The server's message for a refusal, or the screen's default when the server gave none. */
export function refusalOr(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message && !generic.test(err.message) ? err.message : fallback;
}
