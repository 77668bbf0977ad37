import type { AppDeps } from './app-deps.js';
import { bookingJobHandlers } from './features/bookings/index.js';
import { commuteJobHandlers } from './features/commutes/index.js';
import type { JobHandlers } from './features/jobs/index.js';

/** Every kind of durable job the app runs (decision 024), by kind. */
export function jobHandlers(deps: Pick<AppDeps, 'config' | 'placeMatches'>): JobHandlers {
  return { ...bookingJobHandlers(deps.config.appUrl), ...commuteJobHandlers(deps) };
}
