/**
 * The calls of the specification's section 7, for the journeys that prove its client makes every one:
 * the server's (api/spec-client-journey.test.ts) and the browser's (e2e/journeys/cross-origin.e2e.ts).
 * Nothing here imports the server, so the e2e suite takes it as it is.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A call's name as section 7 of the specification writes it: ids become `{id}` and query values are
 * left out (`PUT /rides/{id}/status?status=`), so the journey can show it made every call of the table.
 */
export function callName(method: Method, path: string): string {
  const [route = '', query] = path.split('?');
  const named = route.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '{id}');
  const keys = query ? `?${[...new URLSearchParams(query).keys()].map((k) => `${k}=`).join('&')}` : '';
  return `${method} ${named}${keys}`;
}

/** Every call of the specification's section 7, named as `callName` names them (query keys, no values). */
export const SECTION_7 = [
  'POST /auth/login',
  'POST /auth/register',
  'POST /auth/logout',
  'POST /auth/refresh-token',
  'GET /auth/verify-email?token=',
  'POST /auth/forgot-password?email=',
  'POST /auth/reset-password?token=&newPassword=',
  'POST /rides/offer',
  'GET /rides/search?from=&to=&date=&passengers=',
  'GET /rides/my-rides',
  'GET /rides/{id}',
  'PUT /rides/{id}/update',
  'DELETE /rides/{id}',
  'DELETE /rides/{id}/cancel',
  'PUT /rides/{id}/status?status=',
  'GET /rides/filter?from=&to=&startDate=&endDate=&page=&size=',
  'GET /rides/locations/from',
  'GET /rides/locations/to',
  'POST /rides/{id}/book',
  'GET /bookings/my-bookings',
  'GET /bookings/my-ride-bookings',
  'PUT /bookings/{id}/cancel',
  'PUT /bookings/{id}/confirm',
  'GET /users/profile',
  'PUT /users/profile',
  'DELETE /users/profile',
  'GET /users/{id}',
  'POST /ratings',
  'GET /ratings/user/{id}',
  'GET /ratings/user/{id}/recent?limit=',
  'POST /ratings/user/{id}/update-stats',
];
