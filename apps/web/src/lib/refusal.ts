import { ApiError } from '@/lib/api-client';

/** The server's message for a refusal, or the screen's default when the server gave none. */
export function refusalOr(err: unknown, fallback: string): string {
  // The api client's own last-resort text (no words from the server) reads worse than the screen's default.
  return err instanceof ApiError && err.message && err.hasServerText ? err.message : fallback;
}
