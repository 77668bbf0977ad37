import { API_BASE } from '@saathchalo/shared';
import type { PublicTrip } from '../model';

export type TripAnswer = { kind: 'trip'; trip: PublicTrip } | { kind: 'dead' } | { kind: 'failed' };

/**
 * GET /trips/{token}, with no session: the page is opened by whoever got the link, signed in or not, so it
 * bypasses the api client (which sends a signed-out visitor to sign in) and keeps the page's chunk small.
 */
export async function getTrip(token: string, signal?: AbortSignal): Promise<TripAnswer> {
  try {
    const res = await fetch(`${API_BASE}/trips/${encodeURIComponent(token)}`, { signal });
    if ([400, 403, 404, 410].includes(res.status)) return { kind: 'dead' }; // malformed, unknown or expired
    if (!res.ok) return { kind: 'failed' };
    const body = (await res.json()) as { data?: PublicTrip } | PublicTrip;
    const trip = 'data' in body && body.data ? body.data : (body as PublicTrip);
    return trip && typeof trip === 'object' && 'route' in trip ? { kind: 'trip', trip } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}
