import { ApiError } from '@/lib/api-client';

/** The api client's own last-resort texts: when only these are left, the screen's default reads better. */
const generic = /^(API call failed with status \d+|An error occurred)$/;

/** The server's message for a refusal, or the screen's default when the server gave none. */
export function refusalMessage(err: ApiError, fallback: string): string {
  return err.message && !generic.test(err.message) ? err.message : fallback;
}

export const isRefusal = (err: unknown): err is ApiError => err instanceof ApiError;
