import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../test/factories.js';
import { operationsOf, sample, type JsonSchema, type KnownIds } from '../test/fuzz-cases.js';
import { book, call, offerRide, PAST_SOON, SOON } from '../test/marketplace.js';
import { createTestApp, type TestContext } from '../test/test-app.js';

/**
 * CONTRACT.md section 9, checked from the outside: every operation of the OpenAPI document, called by a
 * signed-in stranger and by nobody, with every real id in its path. No answer may carry another user's
 * e-mail, the phone of someone who shares it with confirmed co-travellers only, a passenger's phone, or
 * anyone's gender. New operations are walked as soon as they are in the document.
 */

const DATE = '2026-12-01'; // the date, places and times the document's samples use (fuzz-cases.ts)

let ctx: TestContext;
let stranger: TestUser;
const victims: Record<'privateDriver' | 'openDriver' | 'privatePassenger' | 'openPassenger', TestUser> =
  {} as never;
const pathValues: Record<string, string[]> = { id: [], token: [] };
let ids: KnownIds;

async function setUp() {
  ctx = await createTestApp();
  const person = async (phone: string, visibility: 'EVERYONE' | 'CONFIRMED') =>
    createUser(ctx, { phone, contact_visibility: visibility, gender: 'FEMALE' });
  victims.privateDriver = await person('9000000001', 'CONFIRMED');
  victims.openDriver = await person('9000000002', 'EVERYONE');
  victims.privatePassenger = await person('9000000003', 'CONFIRMED');
  victims.openPassenger = await person('9000000004', 'EVERYONE');
  stranger = await createUser(ctx, { phone: '9000000009' });
  // Room for the strangers' own bookings the walk makes.
  const where = { from: 'Pune', to: 'Mumbai', departureDate: DATE, passengers: 8 };
  const rideA = await offerRide(ctx, victims.privateDriver, {
    ...where,
    departureTime: '08:00',
    womenOnly: true,
  });
  const rideB = await offerRide(ctx, victims.openDriver, { ...where, departureTime: '09:00' });
  const confirmed = await book(ctx, victims.privatePassenger, rideA.id);
  await call(ctx, 'PUT', `/api/bookings/${confirmed.id}/confirm`, victims.privateDriver);
  const pending = await book(ctx, victims.openPassenger, rideB.id);
  const other = await book(ctx, victims.privatePassenger, rideB.id);
  // A completed, rated trip, so ratings and stats have rows to show.
  const trip = await offerRide(ctx, victims.privateDriver, {
    departureDate: '2026-11-22',
    departureTime: SOON,
    instantBooking: true,
  });
  await book(ctx, victims.openPassenger, trip.id);
  ctx.clock.advance(PAST_SOON);
  await call(ctx, 'PUT', `/api/rides/${trip.id}/status?status=COMPLETED`, victims.privateDriver);
  await call(ctx, 'POST', '/api/ratings', victims.openPassenger, {
    rating: 5,
    rideId: trip.id,
    rateeId: victims.privateDriver.id,
  });
  const shared = await call(ctx, 'POST', `/api/bookings/${confirmed.id}/share`, victims.privatePassenger);
  pathValues.id = [
    rideA.id,
    rideB.id,
    trip.id,
    confirmed.id,
    pending.id,
    other.id,
    ...Object.values(victims).map((v) => v.id),
  ];
  pathValues.token = [shared.body.data.token];
  ids = { ride: rideA.id, booking: confirmed.id, user: victims.privateDriver.id };
}

beforeAll(setUp, 60_000);
afterAll(() => ctx.close());

/** What must never reach the stranger: each victim's e-mail, the phones that are not theirs to see, genders. */
function forbiddenIn(body: string): string[] {
  const found: string[] = [];
  for (const [who, v] of Object.entries(victims)) {
    if (body.includes(v.email)) found.push(`${who} e-mail`);
    if (who !== 'openDriver' && body.includes(v.phone)) found.push(`${who} phone`);
  }
  if (/"gender":"(FEMALE|MALE|OTHER)"/.test(body)) found.push('a gender');
  return found;
}

/**
 * Reads are made by one stranger; every call that changes something by a stranger of its own, so that
 * what one did (a block, a booking, a deleted account) never hides what the next would be shown.
 */
const strangerFor = async (method: string) => (method === 'GET' ? stranger : createUser(ctx));

const NARROWING = [
  'startDate',
  'endDate',
  'size',
  'minPrice',
  'maxPrice',
  'departAfter',
  'departBefore',
  'minSeats',
];

function urlsFor(path: string): string[] {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  let urls = [path];
  for (const name of names) {
    const values = pathValues[name] ?? [];
    urls = urls.flatMap((u) => values.map((v) => u.replace(`{${name}}`, encodeURIComponent(v))));
  }
  return urls;
}

describe('privacy: every operation, as a stranger and as nobody', () => {
  it(
    'never answers with another user’s e-mail, a withheld or passenger phone, or a gender',
    { timeout: 120_000 },
    async () => {
      const doc = ctx.app.swagger() as Parameters<typeof operationsOf>[0];
      // Reads first, while nothing the walk changes stands in their way.
      const operations = operationsOf(doc).sort(
        (a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET'),
      );
      const leaks: string[] = [];
      const reached = new Map<string, number>();
      for (const op of operations) {
        const query = op.query
          // Optional filters whose samples would narrow the answer to nothing are left out.
          .filter((p) => !NARROWING.includes(p.name))
          .map((p) => `${p.name}=${encodeURIComponent(String(sample(p.name, p.schema, ids)))}`)
          .join('&');
        const body = op.body
          ? (sample('', op.body as JsonSchema, ids) as Record<string, unknown>)
          : undefined;
        // The stranger's own gender would show in their own profile: it is not set here.
        if (body) delete body.gender;
        for (const url of urlsFor(op.path)) {
          for (const asWho of ['stranger', 'nobody'] as const) {
            const user = asWho === 'nobody' ? null : await strangerFor(op.method);
            const res = await ctx.app.inject({
              method: op.method as 'GET',
              url: query ? `${url}?${query}` : url,
              headers: user ? user.auth : {},
              ...(body && op.method !== 'GET' ? { payload: body } : {}),
            });
            if (res.statusCode < 300)
              reached.set(`${op.method} ${op.path}`, (reached.get(`${op.method} ${op.path}`) ?? 0) + 1);
            for (const what of forbiddenIn(res.body)) leaks.push(`${op.method} ${url} as ${asWho}: ${what}`);
          }
        }
      }
      expect(leaks).toEqual([]);
      expect(operations.length).toBeGreaterThanOrEqual(40);
      // The walk reached the answers that carry people, not only refusals.
      for (const key of [
        'GET /api/rides/search',
        'GET /api/rides/filter',
        'GET /api/rides/{id}',
        'GET /api/users/{id}',
        'GET /api/trips/{token}',
        'GET /api/ratings/user/{id}',
      ]) {
        expect(reached.get(key) ?? 0, key).toBeGreaterThan(0);
      }
    },
  );

  it('finds the rides it protects: the search answer lists both drivers, with the private phone withheld', async () => {
    const res = await call(
      ctx,
      'GET',
      `/api/rides/search?from=Pune&to=Mumbai&date=${DATE}`,
      await createUser(ctx),
    );
    const drivers = res.body.data.map((r: { driver: { id: string; phone: string | null } }) => r.driver);
    expect(drivers).toEqual([
      expect.objectContaining({ id: victims.privateDriver.id, phone: null }),
      expect.objectContaining({ id: victims.openDriver.id, phone: victims.openDriver.phone }),
    ]);
  });
});
